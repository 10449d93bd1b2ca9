/* expect: refused
 * trap: the handler is defined without a prototype, void on_segv(), so
 *   its type takes no int; installed with signal(), it writes the source
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

static void on_segv()
{
	src[0] = 'N';
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
	printf("%s %d\n", p, probe);
	free(p);
	return 0;
}
