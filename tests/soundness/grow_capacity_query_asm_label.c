/* expect: refused
 * trap: the unit reads a block's capacity through a function declared
 *   under another name with an asm label (malloc_usable_size): a grown
 *   block reports more.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

extern size_t block_room(void *p) __asm__("malloc_usable_size");

int main(void)
{
	char *buf = NULL;
	size_t len = 0;

	for (int i = 0; i < 200; i++) {
		char *t = realloc(buf, len + 1); // site
		if (!t) {
			free(buf);
			return 1;
		}
		buf = t;
		buf[len++] = 'g';
	}
	printf("room above len: %d\n", block_room(buf) >= len + 64);
	free(buf);
	return 0;
}
