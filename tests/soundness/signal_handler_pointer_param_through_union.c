/* expect: refused
 * trap: the SIGSEGV handler takes a pointer, not the signal number, and is
 *   installed with no cast: its value is stored in one member of a union
 *   and read back through the member of the handler's type (the ABI passes
 *   the number where the pointer would be; the handler ignores it). It
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

static void on_fault(void *unused)
{
	(void)unused;
	memcpy(src, "after", 6);
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

union slot {
	void (*any)(void *);
	void (*on_signal)(int);
};

int main(void)
{
	union slot s;

	s.any = on_fault;
	signal(SIGSEGV, s.on_signal);
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
