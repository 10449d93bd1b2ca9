/* Under an address-space limit (RLIMIT_AS, ulimit -v), a block that fits
 * must be given: the heap once reserved its size plus the 4 MiB alignment
 * of its segments and failed with ENOMEM where glibc's malloc succeeds
 * (and a shell run with ulimit -v 20000 said "Out of space"). */
#include "check.h"

#include <errno.h>
#include <string.h>
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
	return check_status("test_aslimit");
}
