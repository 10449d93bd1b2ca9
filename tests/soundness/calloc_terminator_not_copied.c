/* expect: any
 * trap: a look-alike: calloc(n + 1) then a copy of n bytes; the zero
 *   terminator comes from calloc, not from the copy. memdup of n bytes
 *   loses it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char raw[] = { 'n', 'o', 'n', 'u', 'l' };

int main(void)
{
	size_t n = sizeof raw;
	char *p = calloc(n + 1, 1); // site
	if (!p)
		return 1;
	memcpy(p, raw, n);
	printf("%s\n", p);
	free(p);
	return 0;
}
