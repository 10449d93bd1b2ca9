/* A library's header: a guard page whose fault handler fills a buffer. */
#ifndef GUARD_H
#define GUARD_H
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char *guard_page;
static char *guard_target;

static void guard_on_segv(int sig)
{
	(void)sig;
	memcpy(guard_target, "after", 6);
	mprotect(guard_page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}

static inline char *guard_install(char *target)
{
	guard_target = target;
	signal(SIGSEGV, guard_on_segv);
	guard_page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return guard_page == MAP_FAILED ? NULL : guard_page;
}
#endif
