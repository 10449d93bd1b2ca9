/* Allocation outside main: blocks taken by a constructor and freed (and
 * regrown) in main and in atexit handlers; malloc, realloc, memalign,
 * asprintf and a thread with a key destructor that frees, in atexit
 * handlers and in destructors after main returns. Each stage writes one
 * line with write(2) (stdio may be gone); a failure writes FAIL and exits 1. */
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SAY(s) (void)!write(1, s, sizeof s - 1)
#define CHECK(c)                              \
	do {                                  \
		if (!(c)) {                   \
			SAY("FAIL " #c "\n"); \
			_exit(1);             \
		}                             \
	} while (0)

static void *early[8];
static char *early_text;
static pthread_key_t key;
static const size_t early_size[8] = { 8, 100, 1000, 5000, 100000, 300000, 3 << 20, 40 };

__attribute__((constructor(101))) static void before_main(void)
{
	for (int i = 0; i < 8; i++) {
		early[i] = malloc(early_size[i]);
		CHECK(early[i]);
		memset(early[i], i, early_size[i]);
	}
	early_text = strdup("before main");
}

static void key_destructor(void *v)
{
	void **pair = v;
	free(pair[0]);
	free(pair);
}

static void *thread_body(void *arg)
{
	(void)arg;
	void **pair = malloc(2 * sizeof *pair);
	pair[0] = malloc(100);
	pthread_setspecific(key, pair);
	return malloc(5000);
}

static void at_exit_allocates(void)
{
	for (int r = 0; r < 1000; r++)
		free(malloc((size_t)(r * 37) % 70000));
	free(memalign(4096, 100));
	char *q = realloc(NULL, 10);
	CHECK(q);
	q = realloc(q, 300000);
	CHECK(q);
	free(q);
	pthread_t t;
	void *r;
	CHECK(pthread_create(&t, NULL, thread_body, NULL) == 0);
	pthread_join(t, &r);
	free(r);
	SAY("atexit allocates\n");
}

static void at_exit_frees_early(void)
{
	for (int i = 0; i < 8; i++)
		free(early[i]);
	free(early_text);
	SAY("atexit frees\n");
}

__attribute__((destructor(101))) static void late_destructor(void)
{
	free(malloc(1000));
	unsigned char *z = calloc(10, 100000);
	CHECK(z && z[0] == 0 && z[999999] == 0);
	free(z);
	char *s;
	CHECK(asprintf(&s, "%d", 5) == 1);
	free(s);
	SAY("destructor\n");
}

__attribute__((destructor)) static void default_destructor(void)
{
	free(malloc(50));
	free(malloc(2 << 20));
}

int main(void)
{
	CHECK(pthread_key_create(&key, key_destructor) == 0);
	atexit(at_exit_frees_early);
	atexit(at_exit_allocates);
	CHECK(strcmp(early_text, "before main") == 0);
	for (int i = 0; i < 8; i++)
		CHECK(((unsigned char *)early[i])[early_size[i] - 1] == i);
	early[3] = realloc(early[3], 50000);
	CHECK(early[3] && ((unsigned char *)early[3])[4999] == 3);
	early[6] = realloc(early[6], 100);
	CHECK(early[6] && ((unsigned char *)early[6])[99] == 6);
	early[4] = realloc(early[4], 5 << 20);
	CHECK(early[4] && ((unsigned char *)early[4])[99999] == 4);
	SAY("main\n");
	return 0;
}
