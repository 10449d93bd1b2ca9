/* A thread whose first allocation comes from the last round of its key
 * destructors (glibc runs PTHREAD_DESTRUCTOR_ITERATIONS = 4 rounds; this
 * destructor re-arms its key three times and allocates only in the fourth):
 * the heap's own exit key, set then, is never run, so the thread's registry
 * entry outlives it. Its stack (and TLS) is the program's, unmapped after
 * the join. Forking, and the statistics at exit (ASRT_STATS=1 in the second
 * run), once read the dead thread's TLS and crashed. */
#include "check.h"

#include <pthread.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static pthread_key_t key;
static __thread int rounds;

static void destructor(void *v)
{
	(void)v;
	if (++rounds < 4) {
		pthread_setspecific(key, (void *)1);
		return;
	}
	free(malloc(100));
}

static void *late(void *arg)
{
	(void)arg;
	pthread_setspecific(key, (void *)1);
	return NULL;
}

static void *plain(void *arg)
{
	(void)arg;
	free(malloc(200));
	return NULL;
}

int main(void)
{
	/* The heap first, then the key: the heap's key has the lower number,
   * so its destructor has had its turn when the last round allocates. */
	free(malloc(10));
	ASSERT(pthread_key_create(&key, destructor) == 0);
	for (int i = 0; i < 40; i++) {
		size_t size = 1 << 20;
		void *stack = mmap(NULL, size, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ASSERT(stack != MAP_FAILED);
		pthread_attr_t attr;
		pthread_attr_init(&attr);
		pthread_attr_setstack(&attr, stack, size);
		pthread_t t;
		ASSERT(pthread_create(&t, &attr, i % 4 == 3 ? plain : late, NULL) == 0);
		pthread_join(t, NULL);
		pthread_attr_destroy(&attr);
		munmap(stack, size);
	}
	for (int i = 0; i < 4; i++) {
		pid_t pid = fork();
		ASSERT(pid >= 0);
		if (pid == 0) {
			free(malloc(50));
			_exit(0);
		}
		int st;
		ASSERT(waitpid(pid, &st, 0) == pid);
		EXPECT(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	return check_status("test_latethread");
}
