/* expect: refused
 * configs: -rdynamic
 * trap: the SIGSEGV handler is never named in the program: it is looked up
 *   by its string with dlsym and installed from the pointer dlsym returns.
 *   The handler writes the source and opens a page mapped without access;
 *   the load from that page between the allocation and the copy faults,
 *   so the original copies what the handler wrote and a memdup would copy
 *   the old bytes.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

char src[16] = "before";
char *page;

void on_segv_by_name(int sig);
void on_segv_by_name(int sig)
{
	(void)sig;
	memcpy(src, "after", 6);
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(void)
{
	void *h = dlsym(RTLD_DEFAULT, "on_segv_by_name");
	struct sigaction sa;

	if (!h)
		return 1;
	memset(&sa, 0, sizeof sa);
	memcpy(&sa.sa_handler, &h, sizeof h);
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
