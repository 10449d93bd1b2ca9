/* expect: refused
 * trap: the allocation is stored into a field of a struct on a page mapped
 *   without access: the store, after the allocation and before the copy,
 *   faults; the handler writes the source and opens the page, and the
 *   store resumes. A memdup would have copied before the store.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct holder {
	char *buf;
};

static char src[16] = "before";
static struct holder *h;

static void on_segv(int sig)
{
	(void)sig;
	src[0] = 'B';
	mprotect(h, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(void)
{
	signal(SIGSEGV, on_segv);
	h = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (h == MAP_FAILED)
		return 1;
	h->buf = malloc(sizeof src); // site
	if (!h->buf)
		return 1;
	memcpy(h->buf, src, sizeof src);
	printf("%s\n", h->buf);
	free(h->buf);
	return 0;
}
