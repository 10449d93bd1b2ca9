/* expect: refused
 * trap: 'n' is defined as strlen(text) + 1 (9) before a loop; in the loop,
 *   after the pair, cut() shortens text to 3 characters. On the second
 *   pass n still holds 9 but, read through its definition, it is
 *   strlen(text) + 1 (4), the copy's size: memdup copied 9 bytes where the
 *   original copied 4 into a zeroed block of 9. A call after the use in a
 *   loop comes back to it, as a store there does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char text[16] = "abcdefgh";

static void cut(void)
{
	text[3] = '\0';
}

int main(void)
{
	size_t n = strlen(text) + 1;

	for (int round = 0; round < 2; round++) {
		char *p = calloc(n, 1); // site
		if (!p)
			return 1;
		memcpy(p, text, strlen(text) + 1);
		for (size_t i = 0; i < 9; i++)
			putchar(p[i] ? p[i] : '.');
		putchar('\n');
		free(p);
		cut();
	}
	return 0;
}
