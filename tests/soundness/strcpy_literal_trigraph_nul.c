/* expect: refused
 * trap: in C11 "xy??/0zw" is "xy\0zw" (the trigraph ??/ is a backslash):
 *   sizeof counts 6 bytes, strcpy copies 3.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *q = malloc(sizeof "xy??/0zw"); // site
	if (!q)
		return 1;
	strcpy(q, "xy??/0zw");
	memset(q + 3, '+', 2);
	q[5] = '\0';
	printf("%s|%s\n", q, q + 3);
	free(q);
	return 0;
}
