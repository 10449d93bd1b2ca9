/* expect: no-share
 * trap: the copy is freed through a round trip via uintptr_t.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "uintptr-free";

int main(void)
{
	char *c = malloc(sizeof text); // site
	uintptr_t k;
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s\n", c);
	k = (uintptr_t)c;
	free((void *)k);
	return 0;
}
