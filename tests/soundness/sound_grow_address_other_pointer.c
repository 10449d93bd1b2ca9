/* expect: rewritten
 * sound: the look-alike of grow_address_identity_moves: the function
 *   converts a pointer to an integer, but not the reallocated block's
 *   (the address of a string constant, hashed), so nothing it prints
 *   depends on where the block lies.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const char tag[] = "tag";

int main(void)
{
	char *p = NULL;
	int aligned = ((uintptr_t)tag % 1) == 0;

	for (int i = 0; i < 64; i++) {
		char *q = realloc(p, (size_t)i * 48 + 48); // site

		if (!q) {
			free(p);
			return 1;
		}
		p = q;
		p[i] = 'x';
	}
	printf("%c %d\n", p[63], aligned);
	free(p);
	return 0;
}
