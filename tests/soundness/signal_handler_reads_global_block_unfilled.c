/* expect: refused
 * trap: the block goes into a global; a load from a page mapped without
 *   access between the allocation and the copy faults, and the SIGSEGV
 *   handler, which opens the page, records the block's first byte. The
 *   original's handler sees the zeroed block (calloc), a memdup's the
 *   copied text. The source is a string literal no handler can change.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char *page;
static char *block;
static int first = -1;

static void on_segv(int sig)
{
	(void)sig;
	first = block ? block[0] : -2;
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(void)
{
	signal(SIGSEGV, on_segv);
	page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	block = calloc(8, 1); // site
	if (!block)
		return 1;
	int probe = page[0];
	memcpy(block, "abcdefg", 8);
	printf("%s %d %d\n", block, first, probe);
	free(block);
	return 0;
}
