/* expect: refused
 * trap: a conditional expression on the new pointer writes the source in
 *   its success arm: `ok = p ? (buf[0] = 'T', 1) : 0;`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "ternary";
	char *p = malloc(sizeof buf); // site
	int ok = p ? (buf[0] = 'T', 1) : 0;

	if (!ok)
		return 1;
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
