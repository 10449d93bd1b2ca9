/* expect: refused
 * configs: -rdynamic
 * trap: the unit looks its SIGSEGV handler up with dlsym called under
 *   another name, a declaration whose asm label binds it to the symbol
 *   dlsym; the handler, exported and never named, writes the source and
 *   opens the page mapped without access whose load between the allocation
 *   and the copy faults: the original copies what the handler wrote, a
 *   memdup at the allocation the old bytes.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void *find_symbol(void *handle, const char *name) __asm__("dlsym");

char src[16] = "before";
char *page;

void on_fault_by_label(int sig);
void on_fault_by_label(int sig)
{
	(void)sig;
	memcpy(src, "after", 6);
	mprotect(page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

int main(void)
{
	void *h = find_symbol(RTLD_DEFAULT, "on_fault_by_label");
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
