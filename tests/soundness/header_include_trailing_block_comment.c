/* expect: rewritten
 * sound: the last include line opens a block comment that spans several
 *   lines: the runtime's include must not land inside the comment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h> /* for memcpy,
		       strlen and the rest
		       #include <not_a_real_header.h> */

int main(void)
{
	char buf[] = "trailing comment";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
