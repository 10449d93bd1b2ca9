#line 100
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
#line 103
static int before(void) { return __LINE__; }
static char *dup_bytes(const char *s, size_t n)
{
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(s, n, "memdup_lines_no_blank.c:9");
	if (p == NULL)
		return NULL;

	return p;
}
static int after(void) { return __LINE__; }
int main(void)
{
	char *d = dup_bytes("no blank line", 14);
	if (!d)
		return 1;
	printf("%s %d %d %d\n", d, before(), after(), __LINE__);
	free(d);
	return 0;
}
