/* expect: refused
 * trap: "xy\000zw" is "xy", a NUL, "zw" (an octal escape takes three digits
 *   at most): sizeof counts 6 bytes, strcpy copies 3, and the bytes past
 *   them are written after the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *q = malloc(sizeof "xy\000zw"); // site
	if (!q)
		return 1;
	strcpy(q, "xy\000zw");
	memset(q + 3, '=', 2);
	q[5] = '\0';
	printf("%s|%s\n", q, q + 3);
	free(q);
	return 0;
}
