/* expect: rewritten
 * sound: "x\0012" is 'x', '\001', '2': the \0 followed by digits is one
 *   octal escape, not a NUL, so strcpy copies the whole literal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *c = malloc(sizeof "x\0012"); // site
	if (!c)
		return 1;
	strcpy(c, "x\0012");
	printf("%d %d %d %d\n", c[0], c[1], c[2], c[3]);
	free(c);
	return 0;
}
