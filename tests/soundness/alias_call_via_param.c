/* expect: refused
 * trap: an alias of the source is passed to a function that writes it,
 *   between the allocation and the copy.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void upcase(char *s)
{
	for (; *s; s++)
		*s = (char)toupper((unsigned char)*s);
}

int main(void)
{
	char buf[] = "param";
	char *q = buf;
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	upcase(q);
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
