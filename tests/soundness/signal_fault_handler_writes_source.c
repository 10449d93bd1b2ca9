/* expect: refused
 * trap: a load between the allocation and the copy faults (SIGSEGV on a
 *   page mapped without access); the handler installed with sigaction
 *   writes the source and opens the page, and the load resumes. No call
 *   lies between the pair: the write happens on the handler's behalf.
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

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
	(void)sig, (void)si, (void)ctx;
	memcpy(src, "after", 6);
	mprotect(page, (size_t)page_size, PROT_READ | PROT_WRITE);
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	page_size = sysconf(_SC_PAGESIZE);
	page = mmap(NULL, (size_t)page_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
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
