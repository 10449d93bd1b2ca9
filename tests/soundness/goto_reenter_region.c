/* expect: refused
 * trap: a label between the allocation and the copy is jumped back to: the
 *   copy runs three times, after the source changed each time; a memdup at
 *   the allocation copies once, before any change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "round?";
	int pass = 0;
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
again:
	buf[5] = (char)('0' + pass);
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	if (++pass < 3)
		goto again;
	free(p);
	return 0;
}
