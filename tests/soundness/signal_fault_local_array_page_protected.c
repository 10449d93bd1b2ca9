/* expect: refused
 * trap: the program protects a page inside one of its own automatic
 *   arrays (mprotect on the array's address); between the allocation and
 *   the copy it only stores into that local array, but the store faults,
 *   and the SIGSEGV handler writes the source and opens the page again.
 *   The original copies what the handler wrote.
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
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);

	(void)argv;
	memset(frame, 0, sizeof frame);
	guard = (char *)(((uintptr_t)frame + ps) & ~(uintptr_t)(ps - 1));
	signal(SIGSEGV, on_segv);
	mprotect(guard, ps, PROT_READ);
	size_t at = (size_t)(guard - frame) + (size_t)argc;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	frame[at] = 1;
	memcpy(p, src, sizeof src);
	printf("%s %d\n", p, frame[at]);
	free(p);
	return 0;
}
