/* micro_probe.c — asrt_probe_micro [ROUNDS] [--markdown FILE]: ns per probe
 * call from 1 and from 4 threads at once, all on the same sites, as an
 * instrumented program makes them (thread CPU time, best of five runs);
 * not run by the tests (figures depend on the machine). With --markdown the table also goes to FILE with the
 * command and the machine (docs/results/probe-cost.md). */
#define _GNU_SOURCE /* clock_gettime, pthread_barrier */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <asrt/asrt_probe.h>

#define SITE_C "micro.c:1:alloc-copy#1"
#define SITE_R "micro.c:2:realloc-churn#2"
#define SITE_D "micro.c:3:dup-call#3"

static volatile unsigned long long sink;
static char blocks[4][2][16];

enum op { OP_LOOP,
	  OP_N,
	  OP_STR,
	  OP_PAIR,
	  OP_COUNT };
static const char *const op_names[OP_COUNT] = {
	"empty loop (baseline)",
	"ASRT_PROBE_N (copy)",
	"ASRT_PROBE_STR (dup)",
	"realloc pair: OLD + N + NEW (3 calls)",
};

struct job {
	enum op op;
	long rounds;
	int id;
	pthread_barrier_t *start;
	double ns;
};

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); /* preemption on a busy machine does not count */
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static void *run(void *arg)
{
	struct job *j = arg;
	unsigned long long acc = 0;
	pthread_barrier_wait(j->start);
	double t0 = now_ns();
	for (long i = 0; i < j->rounds; i++) {
		switch (j->op) {
		case OP_LOOP:
			acc += (unsigned long long)i;
			break;
		case OP_N:
			acc += ASRT_PROBE_N(SITE_C, ASRT_PROBE_COPY, 1, (unsigned long long)i & 255);
			break;
		case OP_STR:
			acc += (unsigned long long)ASRT_PROBE_STR(SITE_D, ASRT_PROBE_DUP, "abcdefgh")[0];
			break;
		case OP_PAIR: {
			/* A fake realloc that always moves: the probes never touch
			 * the blocks. */
			acc += (unsigned long long)(uintptr_t)ASRT_PROBE_OLD(SITE_R, blocks[j->id][i & 1]);
			acc += ASRT_PROBE_N(SITE_R, ASRT_PROBE_REALLOC, 1, 16u);
			acc += (unsigned long long)(uintptr_t)ASRT_PROBE_NEW(SITE_R, blocks[j->id][(i + 1) & 1]);
			break;
		}
		default:
			break;
		}
		__asm__ volatile("" ::
					 : "memory"); /* keep the loop a loop */
	}
	j->ns = (now_ns() - t0) / (double)j->rounds;
	sink += acc;
	return NULL;
}

/* Mean ns per iteration of op over threads threads running at once. */
static double measure_once(enum op op, int threads, long rounds)
{
	pthread_t t[4];
	struct job jobs[4];
	pthread_barrier_t start;
	pthread_barrier_init(&start, NULL, (unsigned)threads);
	for (int i = 0; i < threads; i++) {
		jobs[i] = (struct job){ op, rounds, i, &start, 0 };
		if (pthread_create(&t[i], NULL, run, &jobs[i]) != 0)
			exit(1);
	}
	double sum = 0;
	for (int i = 0; i < threads; i++) {
		pthread_join(t[i], NULL);
		sum += jobs[i].ns;
	}
	pthread_barrier_destroy(&start);
	return sum / threads;
}

/* The best of five runs: other work on the machine only ever adds time. */
static double measure(enum op op, int threads, long rounds)
{
	double best = measure_once(op, threads, rounds);
	for (int i = 1; i < 5; i++) {
		double t = measure_once(op, threads, rounds);
		if (t < best)
			best = t;
	}
	return best;
}

static void cpu_model(char *buf, size_t size)
{
	snprintf(buf, size, "unknown CPU");
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, "model name", 10) == 0 && strchr(line, ':')) {
			snprintf(buf, size, "%s", strchr(line, ':') + 2);
			buf[strcspn(buf, "\n")] = '\0';
			break;
		}
	if (f)
		fclose(f);
}

int main(int argc, char **argv)
{
	long rounds = 5000000;
	const char *markdown = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--markdown") == 0 && i + 1 < argc)
			markdown = argv[++i];
		else if (atol(argv[i]) > 0)
			rounds = atol(argv[i]);
		else {
			fprintf(stderr, "usage: asrt_probe_micro [ROUNDS] [--markdown FILE]\n");
			return 2;
		}
	}
	char table[2048];
	int len = snprintf(table, sizeof table,
			   "| probe | ns/iteration, 1 thread | ns/iteration, 4 threads |\n"
			   "|---|---:|---:|\n");
	for (int op = 0; op < OP_COUNT; op++)
		len += snprintf(table + len, sizeof table - (size_t)len, "| %s | %.2f | %.2f |\n",
				op_names[op], measure((enum op)op, 1, rounds),
				measure((enum op)op, 4, rounds));
	fputs(table, stdout);
	if (!markdown)
		return 0;
	FILE *out = fopen(markdown, "w");
	if (!out) {
		fprintf(stderr, "asrt_probe_micro: cannot write %s\n", markdown);
		return 1;
	}
	char cpu[128], date[64];
	struct utsname u;
	time_t now = time(NULL);
	cpu_model(cpu, sizeof cpu);
	strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
	if (uname(&u) != 0)
		strcpy(u.release, "?");
	fprintf(out,
		"# Cost of a probe call (%s)\n\n"
		"Written by `%s %ld --markdown %s` on %s: %s, %ld CPUs, Linux %s, "
		"compiled by %s, probes from %s. Each thread runs its own loop of %ld "
		"iterations on the same sites at once; the figure is the thread CPU "
		"time per iteration, the mean over the threads, the best of five runs. "
		"The machine was shared with other work: treat the figures as an order "
		"of magnitude.\n\n%s",
		ASRT_MICRO_LINK, argv[0], rounds, markdown, date, cpu,
		sysconf(_SC_NPROCESSORS_ONLN), u.release, __VERSION__, ASRT_MICRO_LINK,
		rounds, table);
	return fclose(out) == 0 ? 0 : 1;
}
