/* Threads' lives: blocks of every kind (aligned ones too) allocated in a
 * thread that exits with its caches full and freed or regrown by another;
 * key destructors that free and allocate again; hundreds of short-lived
 * threads; fork while other threads allocate, the child allocating and
 * starting a thread. */
#include "check.h"

#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

static const size_t sizes[] = { 1, 24, 100, 500, 1000, 1025, 3000,
				5000, 40000, 100000, 131073, 300000, 2 << 20 };
#define NSIZES (sizeof sizes / sizeof *sizes)
#define NBLOCKS 512

static pthread_key_t key;
static __thread int rearmed;
static atomic_int stop;

/* Frees the pair and its block; twice, sets a new pair (with an aligned
 * block) for the next round. */
static void key_destructor(void *v)
{
	void **pair = v;
	free(pair[0]);
	free(pair);
	if (rearmed++ < 2) {
		void **again = malloc(2 * sizeof *again);
		again[0] = memalign(256, 3000);
		again[1] = NULL;
		pthread_setspecific(key, again);
	}
}

static void *producer(void *arg)
{
	unsigned char **out = arg;
	for (int i = 0; i < NBLOCKS; i++) {
		size_t n = sizes[i % NSIZES];
		unsigned char *p = i % 3 == 0   ? memalign((size_t)64 << (i % 12), n)
				   : i % 3 == 1 ? calloc(1, n)
						: malloc(n);
		ASSERT(p);
		memset(p, i & 0xff, n);
		out[i] = p;
	}
	/* Exit with full caches, aligned blocks among them. */
	for (int i = 0; i < 200; i++) {
		free(memalign(4096, sizes[i % NSIZES]));
		free(malloc(sizes[i % NSIZES]));
	}
	void **pair = malloc(2 * sizeof *pair);
	pair[0] = malloc(777);
	pair[1] = NULL;
	pthread_setspecific(key, pair);
	return NULL;
}

static void *short_lived(void *arg)
{
	void *p = malloc((size_t)(uintptr_t)arg);
	free(malloc(50));
	free(aligned_alloc(64, 200));
	return p;
}

static void *churn(void *arg)
{
	unsigned s = (unsigned)(uintptr_t)arg;
	void *keep[32] = { 0 };
	while (!atomic_load(&stop)) {
		s = s * 1103515245u + 12345u;
		unsigned i = (s >> 8) % 32;
		free(keep[i]);
		keep[i] = malloc(sizes[(s >> 16) % NSIZES]);
	}
	for (int i = 0; i < 32; i++)
		free(keep[i]);
	return NULL;
}

int main(void)
{
	ASSERT(pthread_key_create(&key, key_destructor) == 0);
	for (int round = 0; round < 6; round++) {
		unsigned char *blocks[NBLOCKS];
		pthread_t t;
		ASSERT(pthread_create(&t, NULL, producer, blocks) == 0);
		pthread_join(t, NULL);
		for (int i = 0; i < NBLOCKS; i++) {
			unsigned char *p = blocks[i];
			size_t n = sizes[i % NSIZES];
			EXPECT(p[0] == (unsigned char)i && p[n - 1] == (unsigned char)i);
			EXPECT(malloc_usable_size(p) >= n);
			if (i % 2) {
				free(p);
				continue;
			}
			size_t m = sizes[(i + 5) % NSIZES];
			p = realloc(p, m);
			ASSERT(p);
			EXPECT(p[0] == (unsigned char)i && p[(m < n ? m : n) - 1] == (unsigned char)i);
			free(p);
		}
	}
	for (int i = 0; i < 200; i++) {
		pthread_t t;
		void *r;
		ASSERT(pthread_create(&t, NULL, short_lived, (void *)(uintptr_t)sizes[i % NSIZES]) ==
		       0);
		pthread_join(t, &r);
		free(r);
	}
	pthread_t c[2];
	for (int i = 0; i < 2; i++)
		ASSERT(pthread_create(&c[i], NULL, churn, (void *)(uintptr_t)(i + 1)) == 0);
	for (int f = 0; f < 10; f++) {
		pid_t pid = fork();
		ASSERT(pid >= 0);
		if (pid == 0) {
			void *x[100];
			for (int k = 0; k < 100; k++)
				x[k] = malloc(sizes[k % NSIZES]);
			for (int k = 0; k < 100; k++)
				free(x[k]);
			pthread_t t;
			void *r;
			if (pthread_create(&t, NULL, short_lived, (void *)100) != 0)
				_exit(3);
			pthread_join(t, &r);
			free(r);
			_exit(0);
		}
		int st;
		ASSERT(waitpid(pid, &st, 0) == pid);
		EXPECT(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	atomic_store(&stop, 1);
	for (int i = 0; i < 2; i++)
		pthread_join(c[i], NULL);
	return check_status("test_threadlife");
}
