/* Which arena a thread allocates from (white box, run with ASRT_ARENA_MAX=2):
 * threads that take turns, as Ruby's do under its global lock, all stay on
 * the first arena, so their free memory is one pool; a thread that keeps
 * finding its arena locked moves to the other. */
#include "asrt_internal.h"
#include "check.h"

#include <pthread.h>

enum { NTHREAD = 8, ROUNDS = 200 };
static pthread_mutex_t turn = PTHREAD_MUTEX_INITIALIZER;
static struct asrt_arena *seen[NTHREAD];

static void *take_turns(void *arg) {
  for (int r = 0; r < ROUNDS; r++) {
    pthread_mutex_lock(&turn);
    free(malloc(64 << 10)); /* mid heap */
    free(malloc(200));      /* small blocks, cache refills */
    pthread_mutex_unlock(&turn);
  }
  seen[(long)arg] = asrt_self.arena;
  return NULL;
}

static void turns_share_one_arena(void) {
  pthread_t t[NTHREAD];
  for (long i = 0; i < NTHREAD; i++)
    ASSERT(pthread_create(&t[i], NULL, take_turns, (void *)i) == 0);
  for (int i = 0; i < NTHREAD; i++)
    ASSERT(pthread_join(t[i], NULL) == 0);
  for (int i = 0; i < NTHREAD; i++)
    EXPECT(seen[i] == &asrt_arenas[0]);
}

/* Found taken on one locking in CONTENDED + 1 or more, a thread moves on
 * to the other arena; a lock found taken now and then does not move it. */
static void contention_moves_a_thread(void) {
  struct asrt_thread t = {.arena = &asrt_arenas[0]};
  for (int i = 0; i < 1000; i++)
    asrt_arena_contention(&t, i % 20 == 0);
  EXPECT(t.arena == &asrt_arenas[0]);
  for (int i = 0; i < 1000 && t.arena == &asrt_arenas[0]; i++)
    asrt_arena_contention(&t, i % 10 == 0);
  EXPECT(t.arena == &asrt_arenas[1]);
}

int main(void) {
  turns_share_one_arena();
  contention_moves_a_thread();
  return check_report("test_arenas");
}
