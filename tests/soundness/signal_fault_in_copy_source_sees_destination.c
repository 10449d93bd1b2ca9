/* expect: refused
 * trap: the source lies on a page mapped without access; the copy's first
 *   load from it faults, and the SIGSEGV handler, which opens the page,
 *   reports whether the local the allocation was stored into (its address
 *   published in a global) is set. In the original the fault comes after
 *   that store; a memdup reads the source before its result is stored, so
 *   the handler would see NULL.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char *page;
static char **watch;
static int seen = -1;

static void on_segv(int sig)
{
	(void)sig;
	seen = *watch != NULL;
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(void)
{
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);
	char *p = NULL;

	page = mmap(NULL, ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	strcpy(page, "source");
	mprotect(page, ps, PROT_NONE);
	signal(SIGSEGV, on_segv);
	watch = &p;
	p = malloc(16); // site
	if (!p)
		return 1;
	memcpy(p, page, 16);
	printf("%s %d\n", p, seen);
	free(p);
	return 0;
}
