#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
char g_src[16] = "before";
char *g_page;
int main(void)
{
	g_page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g_page == MAP_FAILED)
		return 1;
	char *p = malloc(sizeof g_src); // site
	if (!p)
		return 1;
	int probe = g_page[0];
	memcpy(p, g_src, sizeof g_src);
	printf("%s %d\n", p, probe);
	free(p);
	return 0;
}
