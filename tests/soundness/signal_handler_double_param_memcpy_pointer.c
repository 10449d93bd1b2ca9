/* expect: refused
 * trap: the SIGSEGV handler's parameter is a double (the signal number
 *   arrives in another register; it is ignored), and its pointer is
 *   copied byte for byte into sa_handler, with no cast. The handler
 *   writes the source and opens a page mapped without access; the load
 *   from that page between the allocation and the copy faults there, so
 *   the original copies what the handler wrote.
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

static void on_fault(double unused)
{
	(void)unused;
	memcpy(src, "after", 6);
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(void)
{
	void (*f)(double) = on_fault;
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	memcpy(&sa.sa_handler, &f, sizeof f);
	sigaction(SIGSEGV, &sa, NULL);
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
