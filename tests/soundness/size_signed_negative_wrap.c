/* expect: any
 * trap: the size local is a signed char holding 200 (-56): malloc gets the
 *   converted size_t, the copy an unsigned char cast of the same value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	static const char src[256] = "signed";
	signed char k = (signed char)100;
	char *c = malloc((unsigned char)k + 0u); // site
	if (!c)
		return 1;
	memcpy(c, src, (unsigned char)k);
	printf("%s\n", c);
	free(c);
	return 0;
}
