/* expect: rewritten
 * sound: the first #include lines sit in an '#if 0' block; the runtime's
 *   include must not be inserted among them.
 */
#if 0
#include <nonexistent_header.h>
#include <another_missing.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "if zero";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
