#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
static char *dup_string(const char *s)
{
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(s, strlen(s) + 1, "memdup_strcpy.c:8");
	if (!p)
		return NULL;

	return p;
}

int main(int argc, char **argv)
{
	char *d = dup_string(argc > 5 ? argv[0] : "strcpy after strlen + 1");
	if (!d)
		return 1;
	printf("%s (%zu)\n", d, strlen(d));
	free(d);
	return 0;
}
