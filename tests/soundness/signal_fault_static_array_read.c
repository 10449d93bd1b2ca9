/* expect: refused
 * trap: a read of a page-aligned static array, mapped without access by
 *   mprotect, between the allocation and the copy: no pointer is
 *   dereferenced, yet the load faults and the handler writes the source.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char src[16] = "before";
static char guarded[1 << 16] __attribute__((aligned(1 << 16)));

static void on_segv(int sig)
{
	(void)sig;
	strcpy(src, "after");
	mprotect(guarded, sizeof guarded, PROT_READ | PROT_WRITE);
}

int main(void)
{
	signal(SIGSEGV, on_segv);
	if (mprotect(guarded, sizeof guarded, PROT_NONE))
		return 1;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	int probe = guarded[0];
	memcpy(p, src, sizeof src);
	printf("%s %d\n", p, probe);
	free(p);
	return 0;
}
