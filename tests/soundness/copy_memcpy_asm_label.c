/* expect: refused
 * flags: -fno-builtin
 * trap: the unit declares memcpy (no <string.h>) with an asm label that
 *   binds it to its own reversed copy: the call spelled memcpy is not the
 *   library's, though no function of the unit is named memcpy.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

void *memcpy(void *d, const void *s, size_t n) __asm__("rev_copy_impl");

void *rev_copy_impl(void *d, const void *s, size_t n);
void *rev_copy_impl(void *d, const void *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((char *)d)[i] = ((const char *)s)[n - 1 - i];
	return d;
}

int main(void)
{
	static const char text[] = "labelled";
	char *c = malloc(sizeof text - 1); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text - 1);
	printf("%.8s\n", c);
	free(c);
	return 0;
}
