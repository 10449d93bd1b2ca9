/* expect: refused
 * trap: the handler stores through a volatile lvalue made by a cast,
 *   *(volatile char *)&src[0], which looks like a handler's flag but is
 *   the source; a fault in a plain load between the allocation and the
 *   copy runs it.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char src[16] = "before";
static char *page;
static volatile sig_atomic_t faults;

static void on_segv(int sig)
{
	(void)sig;
	faults = 1;
	*(volatile char *)&src[0] = 'B';
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(void)
{
	signal(SIGSEGV, on_segv);
	page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	int probe = page[0];
	memcpy(p, src, sizeof src);
	printf("%s %d %d\n", p, probe, (int)faults);
	free(p);
	return 0;
}
