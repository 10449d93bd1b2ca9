/* expect: rewritten
 * sound: the copy is read by atoi, strspn, strcspn, memcmp and fwrite to
 *   stdout: all read-only; no stream writes memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "1234abc";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%d %zu %zu %d\n", atoi(c), strspn(c, "0123456789"), strcspn(c, "b"), memcmp(c, text, 4));
	fwrite(c, 1, 4, stdout);
	putchar('\n');
	free(c);
	return 0;
}
