/* expect: refused
 * trap: a local union's array member decays into the source pointer; a
 *   store to the union's other member between the pair writes those bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

union cell {
	char bytes[8];
	unsigned char raw[8];
};

int main(void)
{
	union cell u = { "union" };
	const char *s = u.bytes;
	char *p = malloc(6); // site
	if (!p)
		return 1;
	u.raw[0] = 'U';
	memcpy(p, s, 6);
	printf("%s %s\n", p, u.bytes);
	free(p);
	return 0;
}
