/* expect: refused
 * trap: a field in the middle of a large automatic struct sits on a page
 *   the program protects (mprotect on the field's address, rounded down);
 *   between the allocation and the copy it only stores to that field of
 *   its own local, but the store faults and the SIGSEGV handler writes the
 *   source and opens the page again. The original copies what the handler
 *   wrote.
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

struct box {
	char low[3 * 4096];
	int tick;
	char high[3 * 4096];
};

static void on_segv(int sig)
{
	(void)sig;
	memcpy(src, "after", 6);
	mprotect(guard, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(int argc, char **argv)
{
	struct box b;
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);

	(void)argv;
	b.tick = 0;
	guard = (char *)((uintptr_t)&b.tick & ~(uintptr_t)(ps - 1));
	signal(SIGSEGV, on_segv);
	mprotect(guard, ps, PROT_READ);
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	b.tick = argc;
	memcpy(p, src, sizeof src);
	printf("%s %d\n", p, b.tick);
	free(p);
	return 0;
}
