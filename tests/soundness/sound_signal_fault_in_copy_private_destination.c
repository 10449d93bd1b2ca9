/* expect: rewritten
 * sound: the source lies on a page mapped without access, so the copy's
 *   first load faults and runs the SIGSEGV handler, which opens the page
 *   and counts; but the block is stored in an automatic local whose
 *   address is never taken, so the handler cannot tell whether it ran
 *   inside the copy or inside a memdup, and it writes nothing the copy
 *   reads.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char *page;
static int faults;

static void on_segv(int sig)
{
	(void)sig;
	faults++;
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(void)
{
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);

	page = mmap(NULL, ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	strcpy(page, "source");
	mprotect(page, ps, PROT_NONE);
	signal(SIGSEGV, on_segv);
	char *p = malloc(16); // site
	if (!p)
		return 1;
	memcpy(p, page, 16);
	printf("%s %d\n", p, faults);
	free(p);
	return 0;
}
