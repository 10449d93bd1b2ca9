/* expect: rewritten
 * sound: a block comment after the includes holds an '#include' line; the
 *   runtime's include must not land inside the comment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/*
#include <old_header.h>
*/

int main(void)
{
	char buf[] = "comment";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
