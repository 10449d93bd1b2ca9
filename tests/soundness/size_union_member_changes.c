/* expect: refused
 * trap: the size is one member of a union; a store to the other member
 *   between the pair changes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

union len {
	size_t n;
	unsigned char b[sizeof(size_t)];
};

int main(void)
{
	static const char text[] = "union-sized text";
	union len u;
	u.n = 16;
	char *c = malloc(u.n); // site
	if (!c)
		return 1;
	u.b[0] = 4;
	memcpy(c, text, u.n);
	printf("%.4s\n", c);
	c[15] = 'Z';
	printf("%c\n", c[15]);
	free(c);
	return 0;
}
