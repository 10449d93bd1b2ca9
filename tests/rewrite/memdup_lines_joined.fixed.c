#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
/* A source written over two lines is joined on the allocation's line, so
 * the lines between the allocation and the copy keep their numbers. */
static char *tail_dup(const char *s, size_t n)
{
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(s + 1, n, "memdup_lines_joined.c:10");
	if (!p)
		return NULL;


	return p;
}

/* A // comment inside it cannot be joined: the site is left manual. */
static char *tail_dup_commented(const char *s, size_t n)
{
	// ruleid: alloc-copy fix: manual
	char *p = malloc(n);
	if (!p)
		return NULL;
	memcpy(p, s + // past the first byte
		  1, n);
	return p;
}

static int where(void) { return __LINE__; }

int main(void)
{
	char *a = tail_dup("xab", 3), *b = tail_dup_commented("yab", 3);
	if (!a || !b)
		return 1;
	printf("%s %s %d %d\n", a, b, where(), __LINE__);
	free(a);
	free(b);
	return 0;
}
