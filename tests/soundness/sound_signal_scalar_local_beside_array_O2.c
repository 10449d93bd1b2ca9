/* expect: rewritten
 * sound: the O0 case's program (signal_fault_scalar_local_beside_array_O0.c)
 *   built with optimisation: the scalar whose address is never taken may
 *   live in a register, not beside the array on a page the program has
 *   the address of, so a region that only computes on it cannot fault.
 * flags: -O2
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char src[16] = "before";
static char *guard;

static void on_segv(int sig)
{
	(void)sig;
	memcpy(src, "after", 6);
	mprotect(guard, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(int argc, char **argv)
{
	char frame[4 * 4096];
	int k = argc;
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);

	(void)argv;
	memset(frame, 0, sizeof frame);
	guard = (char *)(((uintptr_t)frame + ps) & ~(uintptr_t)(ps - 1));
	signal(SIGSEGV, on_segv);
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	k = k * 3 + 1;
	memcpy(p, src, sizeof src);
	printf("%s %d %d\n", p, k, frame[0]);
	free(p);
	return 0;
}
