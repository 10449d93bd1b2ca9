/* expect: refused
 * trap: a label on the copy itself and a goto after it: the copy runs a
 *   second time without the allocation (the source changed in between), so
 *   removing it loses the second copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char s[] = "first";
	char *d = malloc(sizeof s); // site
	int round = 0;
	if (!d)
		return 1;
again:
	memcpy(d, s, sizeof s);
	printf("%s\n", d);
	if (++round < 2) {
		s[0] = 'F';
		goto again;
	}
	free(d);
	return 0;
}
