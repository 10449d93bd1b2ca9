/* expect: rewritten
 * trap: none: 'n' is defined as 'a->len'; a store between the definition
 *   and the allocation writes a->tag, another member of the same struct,
 *   which cannot be a->len: n is a->len at the allocation. The look-alike
 *   of size_definition_field_stored_through_alias.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct text {
	size_t len;
	int tag;
	const char *bytes;
};

static const char word[] = "abcdefgh";

static void show(struct text *a)
{
	size_t n = a->len;
	a->tag = 7;
	char *p = calloc(n, 1); // site
	if (!p)
		return;
	memcpy(p, a->bytes, a->len);
	for (size_t i = 0; i < n; i++)
		putchar(p[i] ? p[i] : '.');
	printf(" %d\n", a->tag);
	free(p);
}

int main(void)
{
	struct text t = { 3, 0, word };

	show(&t);
	return 0;
}
