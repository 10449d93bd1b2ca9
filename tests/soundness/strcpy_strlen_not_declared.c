/* expect: refused
 * trap: the unit declares malloc and strcpy by hand, not strlen: a fix
 *   spells strcpy's size as strlen("...") + 1, which does not build there
 *   (an implicit declaration, an error in C99 and later).
 */
#include <stddef.h>
#include <stdio.h>

void *malloc(size_t n);
void free(void *p);
char *strcpy(char *d, const char *s);

int main(void)
{
	char *c = malloc(sizeof "no strlen here"); // site
	if (!c)
		return 1;
	strcpy(c, "no strlen here");
	printf("%s\n", c);
	free(c);
	return 0;
}
