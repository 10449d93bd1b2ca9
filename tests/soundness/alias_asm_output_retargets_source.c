/* expect: refused
 * trap: an asm statement between the pair writes the source pointer
 *   through an output operand ("=r"), so the copy reads another buffer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	static char one[8] = "one....";
	static char two[8] = "two....";
	char *s = one;
	char *p = malloc(8); // site
	if (!p)
		return 1;
	__asm__("" : "=r"(s) : "0"(two));
	memcpy(p, s, 8);
	printf("%.8s\n", p);
	free(p);
	return 0;
}
