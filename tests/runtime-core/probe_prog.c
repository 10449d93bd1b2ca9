/* probe_prog.c — rc_probe_prog MODE [N]: a program with probes for
 * check_profile.sh, which reads the profile it writes at exit. Prints its
 * pid first.
 *   threads N  8 threads, each making N calls at each of three sites:
 *              prog.c:1 (ALLOC, 8 bytes), prog.c:2 (COPY, N bytes),
 *              prog.c:3 (DUP, "abc": 4 bytes)
 *   serial N   N threads one after another, each making one call at
 *              prog.c:1 (ALLOC, 8 bytes) and, every other one, one at
 *              prog.c:3 (DUP, "abc"): a thread's counters are reused by
 *              the next one
 *   none       no probe at all
 *   fork       one ALLOC of 1 byte at prog.c:parent, then a child that
 *              makes one at prog.c:child and exits; the parent waits */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <asrt/asrt_probe.h>

enum { THREADS = 8 };
static unsigned long long calls;

static void *worker(void *arg)
{
	(void)arg;
	for (unsigned long long i = 0; i < calls; i++) {
		ASRT_PROBE_N("prog.c:1:alloc-copy#1", ASRT_PROBE_ALLOC, 8, 1);
		ASRT_PROBE_N("prog.c:2:alloc-copy#2", ASRT_PROBE_COPY, 1, calls);
		ASRT_PROBE_STR("prog.c:3:dup-call#3", ASRT_PROBE_DUP, "abc");
	}
	return NULL;
}

static void *serial_worker(void *arg)
{
	ASRT_PROBE_N("prog.c:1:alloc-copy#1", ASRT_PROBE_ALLOC, 8, 1);
	if ((unsigned long long)(uintptr_t)arg % 2)
		ASRT_PROBE_STR("prog.c:3:dup-call#3", ASRT_PROBE_DUP, "abc");
	return NULL;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	printf("%ld\n", (long)getpid());
	fflush(stdout);
	if (strcmp(mode, "threads") == 0 && argc > 2) {
		calls = strtoull(argv[2], NULL, 10);
		pthread_t t[THREADS];
		for (int i = 0; i < THREADS; i++)
			if (pthread_create(&t[i], NULL, worker, NULL) != 0)
				return 1;
		for (int i = 0; i < THREADS; i++)
			pthread_join(t[i], NULL);
		return 0;
	}
	if (strcmp(mode, "serial") == 0 && argc > 2) {
		unsigned long long n = strtoull(argv[2], NULL, 10);
		for (unsigned long long i = 0; i < n; i++) {
			pthread_t t;
			if (pthread_create(&t, NULL, serial_worker, (void *)(uintptr_t)i) != 0)
				return 1;
			pthread_join(t, NULL);
		}
		return 0;
	}
	if (strcmp(mode, "fork") == 0) {
		ASRT_PROBE_N("prog.c:parent", ASRT_PROBE_ALLOC, 1, 1);
		pid_t pid = fork();
		if (pid == 0) {
			ASRT_PROBE_N("prog.c:child", ASRT_PROBE_ALLOC, 1, 1);
			printf("%ld\n", (long)getpid());
			exit(0); /* the destructor writes the child's profile */
		}
		int status = 1;
		return pid > 0 && waitpid(pid, &status, 0) == pid && status == 0 ? 0 : 1;
	}
	return strcmp(mode, "none") == 0 ? 0 : 2;
}
