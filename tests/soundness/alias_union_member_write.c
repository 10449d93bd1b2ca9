/* expect: any
 * trap: the source is written through a union member between allocation
 *   and copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
union u { char s[8]; unsigned long n; };
int main(void)
{
	union u v;
	memcpy(v.s, "abcdefg", 8);
	char *c = malloc(8); // site
	if (!c)
		return 1;
	v.n = 0x4141414141414141ul;
	memcpy(c, v.s, 8);
	printf("%.8s\n", c);
	free(c);
	return 0;
}
