/* expect: rewritten
 * sound: the unit installs a SIGSEGV handler that writes the source and
 *   opens the faulting page, but nothing between the allocation and the
 *   copy can fault (only arithmetic on automatic locals): the handler can
 *   run there only as an asynchronous signal, which may as well arrive
 *   after the copy, so copying at the allocation is a run the original
 *   allows.
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

static void on_segv(int sig)
{
	(void)sig;
	memcpy(src, "after", 6);
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(int argc, char **argv)
{
	(void)argv;
	signal(SIGSEGV, on_segv);
	page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	int k = argc * 3 + 1;
	memcpy(p, src, sizeof src);
	int probe = page[0];
	printf("%s %d %d\n", p, k, probe);
	free(p);
	return 0;
}
