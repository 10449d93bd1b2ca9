#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
extern char g_src[16];
extern char *g_page;
void on_fault_elsewhere(int sig);
void on_fault_elsewhere(int sig)
{
	(void)sig;
	memcpy(g_src, "after", 6);
	mprotect(g_page, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE);
}
