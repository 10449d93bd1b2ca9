/* expect: rewritten
 * sound: strcpy from &*s (or *&s) after
 *   malloc(strlen(s) + 1): the address of what s points at is s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_addr_deref(const char *s)
{
	char *p = malloc(strlen(s) + 1); // site
	if (!p)
		return NULL;
	strcpy(p, &*s);
	return p;
}

static char *dup_deref_addr(const char *s)
{
	char *p = malloc(strlen(s) + 1); // site
	if (!p)
		return NULL;
	strcpy(p, *&s);
	return p;
}

int main(void)
{
	char *a = dup_addr_deref("addr-deref"), *b = dup_deref_addr("deref-addr");
	if (!a || !b)
		return 1;
	printf("%s %s\n", a, b);
	free(a);
	free(b);
	return 0;
}
