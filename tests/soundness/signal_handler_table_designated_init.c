/* expect: refused
 * trap: the handler is named only in a file-scope table and installed
 *   through a struct sigaction's designated initializer from that table;
 *   it writes the source through a helper. A fault in a plain load
 *   between the allocation and the copy runs it.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

char src[16] = "table";
static char *page;

static void mark(char *s)
{
	s[0] = 'T';
}

static void on_fault(int sig)
{
	(void)sig;
	mark(src);
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

static void (*const handlers[])(int) = { on_fault };

int main(void)
{
	struct sigaction sa = { .sa_handler = handlers[0] };
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
