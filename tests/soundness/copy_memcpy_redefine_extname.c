/* expect: refused
 * flags: -fno-builtin
 * trap: '#pragma redefine_extname memcpy rev_copy_impl' binds the name
 *   memcpy to the unit's reversed copy with no asm label in the text.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#pragma redefine_extname memcpy rev_copy_impl
void *memcpy(void *d, const void *s, size_t n);

void *rev_copy_impl(void *d, const void *s, size_t n);
void *rev_copy_impl(void *d, const void *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((char *)d)[i] = ((const char *)s)[n - 1 - i];
	return d;
}

int main(void)
{
	static const char text[] = "extname";
	char *c = malloc(sizeof text - 1); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text - 1);
	printf("%.7s\n", c);
	free(c);
	return 0;
}
