/* expect: refused
 * trap: a strcpy pair whose source is a parameter pointing at a global
 *   the handler rewrites (same length, other bytes); the fault is in a
 *   read through another parameter between the allocation and the copy.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char name[16] = "lower";
static char *page;

static void on_segv(int sig, siginfo_t *info, void *ctx)
{
	(void)sig, (void)info, (void)ctx;
	for (char *c = name; *c; c++)
		*c = (char)(*c - 'a' + 'A');
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

static char *dup_after_probe(const char *s, const char *probe, int *seen)
{
	char *p = malloc(strlen(s) + 1); // site
	if (!p)
		return NULL;
	*seen = probe[0];
	strcpy(p, s);
	return p;
}

int main(void)
{
	struct sigaction sa;
	int seen;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	char *p = dup_after_probe(name, page, &seen);
	if (!p)
		return 1;
	printf("%s %d\n", p, seen);
	free(p);
	return 0;
}
