/* Under an address-space limit (RLIMIT_AS, ulimit -v), a block that fits
 * must be given: the heap once reserved its size plus the 4 MiB alignment
 * of its segments and failed with ENOMEM where glibc's malloc succeeds
 * (and a shell run with ulimit -v 20000 said "Out of space"). A huge
 * block grown by realloc where it cannot grow in place needs room for the
 * growth only, as in glibc: the heap once mapped the new size beside the
 * old block and returned NULL. */
#include "check.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* The address space in use, in bytes (VmSize). */
static size_t vm_size(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	size_t kb = 0;
	if (!f)
		return 0;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "VmSize: %zu kB", &kb) == 1)
			break;
	fclose(f);
	return kb * 1024;
}

/* The end of the mapping holding p, from /proc/self/maps; 0 if unknown. */
static uintptr_t mapping_end(const void *p)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	uintptr_t lo, hi, end = 0;
	if (!f)
		return 0;
	while (!end && fgets(line, sizeof line, f))
		if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && lo <= (uintptr_t)p &&
		    (uintptr_t)p < hi)
			end = hi;
	fclose(f);
	return end;
}

static int limit_as(size_t bytes)
{
	struct rlimit rl = { bytes, bytes };
	return setrlimit(RLIMIT_AS, &rl);
}

/* In a child: a block of want MiB with a page mapped just after it (so it
 * cannot grow in place) doubled by realloc with room for the growth and 1
 * MiB more; then grown past the limit, which fails and leaves it whole. */
static int grow_tight(size_t want)
{
	size_t mib = (size_t)1 << 20, n = want * mib;
	unsigned char *p = malloc(n);
	if (!p)
		return 1;
	for (size_t i = 0; i < n; i += 4096)
		p[i] = (unsigned char)(i >> 12);
	uintptr_t end = mapping_end(p);
	if (!end)
		return 77;
	/* EEXIST: something is there already, which blocks it as well. */
	void *wall = mmap((void *)end, 4096, PROT_READ,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	(void)wall;
	size_t used = vm_size();
	if (!used || limit_as(used + n + mib) != 0)
		return 77;
	unsigned char *q = realloc(p, 2 * n);
	if (!q)
		return 2;
	for (size_t i = 0; i < n; i += 4096)
		if (q[i] != (unsigned char)(i >> 12))
			return 3;
	memset(q + n, 1, n);
	errno = 0;
	if (realloc(q, 4 * n) || errno != ENOMEM)
		return 4;
	for (size_t i = 0; i < n; i += 4096)
		if (q[i] != (unsigned char)(i >> 12) || q[n + i] != 1)
			return 5;
	free(q);
	return 0;
}

static void expect_child(int (*fn)(size_t), size_t want)
{
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0)
		_exit(fn(want));
	int st;
	ASSERT(waitpid(pid, &st, 0) == pid);
	EXPECT(WIFEXITED(st) && (WEXITSTATUS(st) == 0 || WEXITSTATUS(st) == 77));
	if (WIFEXITED(st) && WEXITSTATUS(st))
		fprintf(stderr, "realloc of %zu MiB: child status %d\n", want,
			WEXITSTATUS(st));
}

int main(void)
{
	/* Everything the heap sets up once, first. */
	free(malloc(100));
	free(malloc(100000));
	size_t mib = (size_t)1 << 20;
	for (size_t want = 16; want <= 64; want += 16) {
		pid_t pid = fork();
		ASSERT(pid >= 0);
		if (pid == 0) {
			size_t used = vm_size();
			if (!used)
				_exit(77);
			/* Room for the block and 2 MiB more: not for 4 MiB of slack. */
			struct rlimit rl = { used + (want + 2) * mib, used + (want + 2) * mib };
			if (setrlimit(RLIMIT_AS, &rl) != 0)
				_exit(77);
			char *p = malloc(want * mib);
			if (!p)
				_exit(1);
			memset(p, 1, want * mib);
			free(p);
			errno = 0;
			p = malloc((want + 64) * mib); /* does not fit */
			if (p || errno != ENOMEM)
				_exit(2);
			p = malloc(want * mib); /* fits again */
			if (!p)
				_exit(3);
			free(p);
			_exit(0);
		}
		int st;
		ASSERT(waitpid(pid, &st, 0) == pid);
		EXPECT(WIFEXITED(st) && (WEXITSTATUS(st) == 0 || WEXITSTATUS(st) == 77));
		if (WIFEXITED(st) && WEXITSTATUS(st))
			fprintf(stderr, "%zu MiB: child status %d\n", want, WEXITSTATUS(st));
	}
	for (size_t want = 16; want <= 64; want += 24)
		expect_child(grow_tight, want);
	return check_status("test_aslimit");
}
