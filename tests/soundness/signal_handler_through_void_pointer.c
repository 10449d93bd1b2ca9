/* expect: refused
 * trap: the handler, void on_segv(int, siginfo_t *, void *) written as
 *   taking a long, is stored in a void * and installed from it as
 *   sa_sigaction; it writes the source and opens the page a load between
 *   the allocation and the copy faults on.
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

static void on_segv(long sig, siginfo_t *si, void *ctx)
{
	(void)sig, (void)si, (void)ctx;
	src[0] = 'V';
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

static void *const chosen = (void *)on_segv;

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = (void (*)(int, siginfo_t *, void *))chosen;
	sa.sa_flags = SA_SIGINFO;
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
