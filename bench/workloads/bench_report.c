/* The closing report of every workload: what the program holds (live bytes)
 * against what the kernel charges it (VmRSS now, VmHWM at the peak). */
#define _POSIX_C_SOURCE 200809L
#include "bench_common.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int read_seconds(clockid_t id, double *out)
{
	struct timespec ts;
	if (clock_gettime(id, &ts) != 0)
		return -1;
	*out = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	return 0;
}

int bench_clock_start(struct bench_clock *clock)
{
	if (read_seconds(CLOCK_MONOTONIC, &clock->wall_start) != 0)
		return -1;
	return read_seconds(CLOCK_PROCESS_CPUTIME_ID, &clock->cpu_start);
}

/* Reads the "VmRSS:" and "VmHWM:" lines (in kB) of /proc/self/status. */
static int read_vm_status(long *rss_kb, long *hwm_kb)
{
	FILE *f = fopen("/proc/self/status", "r");
	if (f == NULL)
		return -1;
	char line[256];
	*rss_kb = -1;
	*hwm_kb = -1;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, "VmRSS:", 6) == 0)
			sscanf(line + 6, "%ld", rss_kb);
		else if (strncmp(line, "VmHWM:", 6) == 0)
			sscanf(line + 6, "%ld", hwm_kb);
	}
	fclose(f);
	if (*rss_kb < 0 || *hwm_kb < 0) {
		errno = ENOENT;
		return -1;
	}
	return 0;
}

int bench_report(const char *workload, const struct bench_clock *clock,
		 uint64_t live_bytes, const char *extra)
{
	double wall = 0, cpu = 0;
	long rss_kb = 0, hwm_kb = 0;
	if (read_seconds(CLOCK_MONOTONIC, &wall) != 0 ||
	    read_seconds(CLOCK_PROCESS_CPUTIME_ID, &cpu) != 0) {
		fprintf(stderr, "%s: cannot read clocks: %s\n", workload, strerror(errno));
		return -1;
	}
	if (read_vm_status(&rss_kb, &hwm_kb) != 0) {
		fprintf(stderr, "%s: cannot read VmRSS/VmHWM from /proc/self/status: %s\n",
			workload, strerror(errno));
		return -1;
	}
	wall -= clock->wall_start;
	cpu -= clock->cpu_start;
	printf("Live bytes: %" PRIu64 " (%.1f MiB)\n", live_bytes,
	       (double)live_bytes / (1024.0 * 1024.0));
	printf("VmRSS: %ld kB\nVmHWM: %ld kB\n", rss_kb, hwm_kb);
	printf("Wall: %.3f s, CPU: %.3f s\n", wall, cpu);
	printf("RESULT workload=%s live_bytes=%" PRIu64
	       " vmrss_kb=%ld vmhwm_kb=%ld wall_s=%.3f cpu_s=%.3f%s%s\n",
	       workload, live_bytes, rss_kb, hwm_kb, wall, cpu,
	       extra[0] ? " " : "", extra);
	return fflush(stdout) == 0 ? 0 : -1;
}
