/* expect: refused
 * trap: an alias writes a terminator into the source between
 *   malloc(strlen(s) + 1) and strcpy: strcpy copies the short string into a
 *   zeroed block; memdup of strlen(s) + 1 bytes would copy all of them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char s[] = "truncate";
	char *cut = s + 4;
	char *p = calloc(strlen(s) + 1, 1); // site

	if (!p)
		return 1;
	*cut = '\0';
	strcpy(p, s);
	printf("%s|%s\n", p, p + 5);
	free(p);
	return 0;
}
