#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
#line 4
/* CRLF lines: a removed copy leaves its lines empty, CR and all. */
static char *dup_bytes(const char *s, size_t n)
{
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(s, n, "memdup_lines_crlf.c:8")
		;
	if (p == NULL)
		return NULL;


	return p;
}

static int where(void) { return __LINE__; }

int main(void)
{
	char *d = dup_bytes("crlf", 5);
	if (!d)
		return 1;
	printf("%s %d %d\n", d, where(), __LINE__);
	free(d);
	return 0;
}
