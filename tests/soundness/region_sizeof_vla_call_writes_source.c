/* expect: refused
 * trap: between the allocation and the copy, sizeof of a VLA type whose
 *   length is a call: a VLA's sizeof is evaluated (C11 6.5.3.4p2), and
 *   the call writes the source. A memdup copies before the write.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t touch(char *s)
{
	s[0] = 'T';
	return 4;
}

int main(void)
{
	char buf[] = "vla sizeof";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	size_t k = sizeof(char[touch(buf)]);
	memcpy(p, buf, sizeof buf);
	printf("%s %zu\n", p, k);
	free(p);
	return 0;
}
