/* expect: any
 * trap: the source is written between allocation and copy through an
 *   integer round trip of its address.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char src[] = "abcdefgh";
static uintptr_t addr;
static void poke(void) { *(char *)addr = 'Q'; }
int main(void)
{
	addr = (uintptr_t)(void *)src;
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	poke();
	memcpy(c, src, sizeof src);
	printf("%s\n", c);
	free(c);
	return 0;
}
