/* Shared pieces of the benchmark workloads: integer flags, a deterministic
 * PRNG, and the closing report (live bytes, VmRSS, VmHWM, wall and CPU time).
 * Kept free of allocation-and-copy code so that `allocscan --rewrite` over a
 * workload's folder only changes the workload itself. */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* One integer flag: `--name=N` or `--name N`, checked against [min, max]. */
struct bench_opt {
	const char *name;
	long *value; /* holds the default on entry, the parsed value on return */
	long min;
	long max;
	const char *help;
};

enum bench_parse { BENCH_PARSE_OK,
		   BENCH_PARSE_HELP,
		   BENCH_PARSE_ERROR };

/* Parses argv into opts. On BENCH_PARSE_HELP the usage has been printed to
 * stdout; on BENCH_PARSE_ERROR a message has been printed to stderr. */
enum bench_parse bench_opts_parse(int argc, char **argv, const char *about,
				  const struct bench_opt *opts, size_t nopts);

/* Exit status for a parse result that is not BENCH_PARSE_OK. */
int bench_opts_exit_status(enum bench_parse result);

/* splitmix64: tiny, fast, and the same sequence on every libc. */
struct bench_rng {
	uint64_t state;
};

static inline uint64_t bench_rng_next(struct bench_rng *rng)
{
	uint64_t z = (rng->state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* A value in [0, bound), bound > 0; the modulo bias is irrelevant here. */
static inline uint64_t bench_rng_below(struct bench_rng *rng, uint64_t bound)
{
	return bench_rng_next(rng) % bound;
}

/* Start of the measured run: wall clock and process CPU time. */
struct bench_clock {
	double wall_start;
	double cpu_start;
};

/* Returns 0, or -1 with errno set when the clocks cannot be read. */
int bench_clock_start(struct bench_clock *clock);

/* Prints the human summary and the machine-readable line
 *   RESULT workload=NAME live_bytes=N vmrss_kb=N vmhwm_kb=N wall_s=X cpu_s=X EXTRA
 * where extra is "" or further key=value pairs. Returns 0, or -1 when
 * /proc/self/status or the clocks cannot be read (message on stderr). */
int bench_report(const char *workload, const struct bench_clock *clock,
		 uint64_t live_bytes, const char *extra);

#endif
