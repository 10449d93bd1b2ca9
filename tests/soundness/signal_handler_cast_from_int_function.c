/* expect: refused
 * trap: the handler returns int and is installed through a cast to
 *   void (*)(int), so its own type is no handler's; it writes the source
 *   and opens the page a load between the allocation and the copy faults
 *   on.
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

static int on_segv(int sig)
{
	src[0] = 'C';
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
	return sig;
}

int main(void)
{
	signal(SIGSEGV, (void (*)(int))on_segv);
	page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	int probe = page[0];
	memcpy(p, src, sizeof src);
	printf("%s %d\n", p, probe);
	free(p);
	return 0;
}
