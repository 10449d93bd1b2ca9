/* expect: rewritten
 * flags: -trigraphs
 * sound: the includes are spelled with the ??= trigraph.
 */
??=include <stdio.h>
??=include <stdlib.h>
??=include <string.h>

int main(void)
{
	char buf[] = "trigraph include";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
