/* expect: rewritten
 * sound: the look-alike of grow_address_through_function_pointer: the
 *   function that regrows the buffer calls through a pointer, which may
 *   run any function of the unit whose address is taken, but none of them
 *   looks at where a block lies (they count and print characters).
 */
#include <stdio.h>
#include <stdlib.h>

static size_t vowels(const char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += s[i] == 'a' || s[i] == 'e' || s[i] == 'i' || s[i] == 'o' || s[i] == 'u';
	return k;
}

static const struct counter {
	size_t (*count)(const char *, size_t);
} counter = { vowels };

int main(void)
{
	char *p = NULL;
	size_t seen = 0;

	for (int i = 0; i < 64; i++) {
		char *q = realloc(p, (size_t)i + 1); // site

		if (!q) {
			free(p);
			return 1;
		}
		p = q;
		p[i] = (char)('a' + i % 26);
		seen += counter.count(p, (size_t)i + 1);
	}
	printf("%zu %.*s\n", seen, 64, p);
	free(p);
	return 0;
}
