// allocscan-args: --rules memdup_assigning_macro.rules.json
/* An allocator macro that stores the block into its argument: the copy's
 * allocation is the macro as written, and the memdup stores into the same
 * argument (gawk's emalloc(var, type, n, where)). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
#define EMALLOC(var, type, n, where) ((var) = (type)malloc(n))

static char *save(const char *s, size_t n)
{
	char *p;

	// ruleid: alloc-copy fix: memdup
	(p = asrt_memdup_at(s, n, "memdup_assigning_macro.c:16"));
	if (!p)
		return NULL;

	return p;
}

int main(void)
{
	char src[] = "assigned by the macro";
	char *d = save(src, sizeof src);

	if (!d)
		return 1;
	src[0] = 'A';
	printf("%s / %s\n", d, src);
	free(d);
	return 0;
}
