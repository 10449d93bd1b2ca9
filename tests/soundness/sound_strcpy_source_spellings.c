/* expect: rewritten
 * sound: strlen(s) + 1 at the allocation and strcpy from the same pointer
 *   spelled (char *)(void *)s and s + 0 at the copy: the same value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_b(char *s)
{
	char *p = malloc(strlen(s) + 1); // site
	if (!p)
		return NULL;
	strcpy(p, (char *)(void *)s);
	return p;
}

static char *dup_c(const char *s)
{
	char *p = malloc(strlen(s) + 1); // site
	if (!p)
		return NULL;
	strcpy(p, s + 0);
	return p;
}

int main(void)
{
	char w[] = "spelled";
	char *b = dup_b(w), *c = dup_c("plus-zero");
	if (!b || !c)
		return 1;
	printf("%s %s\n", b, c);
	free(b);
	free(c);
	return 0;
}
