/* expect: rewritten
 * sound: the look-alike of grow_address_helper_function and
 *   grow_address_printed_p: the function calls a helper of the unit, but
 *   the helper reads the block's characters, not its address; the block is
 *   printed with %s (its text, not where it lies), tested against NULL,
 *   and held in a union read only through its pointer member. Nothing
 *   printed depends on where the block lies.
 */
#include <stdio.h>
#include <stdlib.h>

union slot {
	char *text;
	long number;
};

static unsigned checksum(const char *s, size_t n)
{
	unsigned h = 5381;

	for (size_t i = 0; i < n; i++)
		h = h * 33 + (unsigned char)s[i];
	return h;
}

int main(void)
{
	char *p = NULL;
	union slot last = { .text = NULL };

	for (int i = 0; i < 64; i++) {
		char *q = realloc(p, (size_t)i + 2); // site

		if (q == NULL) {
			free(p);
			return 1;
		}
		p = q;
		p[i] = (char)('a' + i % 26);
		p[i + 1] = '\0';
		last.text = p;
	}
	printf("%s %u %c\n", p, checksum(p, 64), last.text[0]);
	free(p);
	return 0;
}
