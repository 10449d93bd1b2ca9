/* expect: refused
 * trap: strlen (read-only by the pack) between the allocation and the
 *   copy reads a page mapped without access; the handler, installed with
 *   signal(), opens the page through a helper that also writes the source,
 *   and strlen resumes.
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
static long page_size;

static void reopen(void)
{
	src[0] = 'B';
	mprotect(page, (size_t)page_size, PROT_READ | PROT_WRITE);
}

static void on_segv(int sig)
{
	(void)sig;
	reopen();
}

int main(void)
{
	signal(SIGSEGV, on_segv);
	page_size = sysconf(_SC_PAGESIZE);
	page = mmap(NULL, (size_t)page_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	size_t k = strlen(page);
	memcpy(p, src, sizeof src);
	printf("%s %zu\n", p, k);
	free(p);
	return 0;
}
