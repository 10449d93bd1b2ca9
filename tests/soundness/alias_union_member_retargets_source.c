/* expect: refused
 * trap: the source pointer is one member of a union; a store to the other
 *   member (an integer) between the pair moves it to another buffer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

union handle {
	const char *p;
	uintptr_t bits;
};

int main(void)
{
	static const char text[] = "0123456789";
	union handle h;
	h.p = text;
	char *c = malloc(4); // site
	if (!c)
		return 1;
	h.bits += 3;
	memcpy(c, h.p, 4);
	printf("%.4s\n", c);
	free(c);
	return 0;
}
