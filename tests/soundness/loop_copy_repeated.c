/* expect: any
 * trap: one allocation before the loop, a copy on every pass from a source
 *   that changes: the copy is repeated, not a one-off fill.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "rep-";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	for (int i = 0; i < 3; i++) {
		buf[3] = (char)('0' + i);
		memcpy(p, buf, sizeof buf);
		printf("%s\n", p);
	}
	free(p);
	return 0;
}
