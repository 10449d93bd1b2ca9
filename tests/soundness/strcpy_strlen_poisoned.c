/* expect: refused
 * trap: the unit poisons strlen after <string.h> and a macro defined
 *   before the pragma ('#pragma GCC poison strlen'): the original names
 *   strlen only through TEXT_SIZE, whose expansion the poison spares, but a
 *   strcpy's fix spells its size strlen(src) + 1 at the allocation, and the
 *   rewritten file no longer compiles.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define TEXT_SIZE(s) (strlen(s) + 1)
#pragma GCC poison strlen

static char *dup_text(const char *s)
{
	char *p = malloc(TEXT_SIZE(s)); // site
	if (!p)
		return NULL;
	strcpy(p, s);
	return p;
}

int main(void)
{
	static const char word[] = "poisoned";
	char *p = dup_text(word);
	if (!p)
		return 1;
	printf("%s\n", p);
	free(p);
	return 0;
}
