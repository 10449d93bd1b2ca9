/* expect: refused
 * trap: the handler writes the size, not the source: a fault in a plain
 *   load between the allocation and the copy runs it and the copy reads
 *   8 bytes of an 8-byte source; a memdup at the allocation would read
 *   the old size, 16, past the source's end.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const char src[8] = "shrunk";
static size_t len = 16;
static char *page;

static void on_segv(int sig)
{
	(void)sig;
	len = sizeof src;
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(void)
{
	signal(SIGSEGV, on_segv);
	page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	char *p = malloc(len); // site
	if (!p)
		return 1;
	int probe = page[0];
	memcpy(p, src, len);
	printf("%s %d\n", p, probe);
	free(p);
	return 0;
}
