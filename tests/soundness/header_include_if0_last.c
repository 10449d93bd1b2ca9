/* expect: rewritten
 * sound: the last #include line sits in an '#if 0' block after the real
 *   ones; the runtime's include must not go inside it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if 0
#include <nonexistent_header.h>
#endif

int main(void)
{
	char buf[] = "if zero last";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
