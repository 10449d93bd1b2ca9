/* expect: refused
 * trap: the function has an automatic array whose stack page the program
 *   may protect, and between the allocation and the copy it only reads a
 *   scalar local whose address is never taken. Built without optimisation
 *   that scalar lives in the same frame, on a page beside the array's, and
 *   a load from it can fault into the SIGSEGV handler, which writes the
 *   source: the original copies what the handler wrote, a memdup at the
 *   allocation what was there before.
 * flags: -O0
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
