/* expect: rewritten
 * trap: none: 'n' is defined as strlen(buf) + 1 and a store between the
 *   definition and the allocation writes an element of 'tag', another
 *   local array whose address is never taken: buf's bytes are unchanged,
 *   so n is strlen(buf) + 1 at the allocation. The look-alike of
 *   size_definition_array_element_stored.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[16] = "abcdefgh";
	char tag[4] = "xyz";
	size_t n = strlen(buf) + 1;

	tag[1] = 'Y';
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	memcpy(p, buf, strlen(buf) + 1);
	for (size_t i = 0; i < n; i++)
		putchar(p[i] ? p[i] : '.');
	printf(" %c\n", tag[1]);
	free(p);
	return 0;
}
