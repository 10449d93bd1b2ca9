#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
/* Lines numbered by __LINE__ before the sites. */
#define WHERE(msg) printf("%s:%d: %s\n", __FILE__, __LINE__, msg)
static const int first = __LINE__;

static char *dup_bytes(const char *s, size_t n)
{
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(s, n, "memdup_lines_kept.c:12");
	if (p == NULL)
		return NULL;

	return p;
}

static char *dup_spread(const char *s,
			size_t n)
{
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(s, n, "memdup_lines_kept.c:23")
		;
	if (p == NULL)
		return NULL;



	return p;
}

/* After the sites: every __LINE__ here must expand as it did. */
static const int table[] = { __LINE__, __LINE__ + 1000 };

static int where(void) { return __LINE__; }

int main(void)
{
	char *a = dup_bytes("middle", 7), *b = dup_spread("spread", 7);
	if (!a || !b)
		return 1;
	WHERE(a);
	WHERE(b);
	printf("%d %d %d %d %d\n", first, table[0], table[1], where(), __LINE__);
	free(a);
	free(b);
	return 0;
}
