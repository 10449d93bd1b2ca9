/* fork while other threads allocate: the atfork handlers must leave the
 * child a consistent heap (it allocates, frees, starts a thread and exits
 * cleanly) and the parent's threads must carry on. */
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static atomic_int stop;

static void churn(unsigned seed, int rounds)
{
	void *keep[64] = { 0 };
	for (int i = 0; i < rounds; i++) {
		seed = seed * 1103515245u + 12345u;
		unsigned k = (seed >> 8) % 64;
		free(keep[k]);
		size_t n = (seed >> 4) % 3 == 0 ? (seed >> 12) % 70000 : (seed >> 12) % 900;
		keep[k] = malloc(n);
		if (keep[k])
			memset(keep[k], (int)k, n);
	}
	for (int k = 0; k < 64; k++)
		free(keep[k]);
}

static void *busy(void *arg)
{
	unsigned seed = (unsigned)(uintptr_t)arg;
	while (!atomic_load(&stop))
		churn(seed++, 1000);
	return NULL;
}

static void *child_thread(void *arg)
{
	churn((unsigned)(uintptr_t)arg, 5000);
	return NULL;
}

int main(void)
{
	pthread_t t[3];
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, busy, (void *)(uintptr_t)(i + 1));
	for (int f = 0; f < 40; f++) {
		pid_t pid = fork();
		ASSERT(pid >= 0);
		if (pid == 0) {
			churn(99, 5000);
			pthread_t ct;
			if (pthread_create(&ct, NULL, child_thread, (void *)7) != 0)
				_exit(3);
			pthread_join(ct, NULL);
			void *big = malloc(5 << 20);
			if (!big)
				_exit(4);
			free(big);
			_exit(0);
		}
		int st;
		ASSERT(waitpid(pid, &st, 0) == pid);
		EXPECT(WIFEXITED(st) && WEXITSTATUS(st) == 0);
		churn((unsigned)f, 200);
	}
	atomic_store(&stop, 1);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return check_status("test_fork");
}
