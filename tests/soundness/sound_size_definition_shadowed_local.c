/* expect: rewritten
 * trap: none: 'len' is declared in two blocks, each its own variable; the
 *   allocation's size reads the second block's (4), defined once, and the
 *   copy's literal is 4. Telling the declarations apart by the one each
 *   name reads keeps this site.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "abcdefgh";

int main(void)
{
	for (size_t len = 0; len < 2; len++)
		putchar('a' + (int)len);
	putchar('\n');
	{
		size_t len = 4;
		char *p = calloc(len, 1); // site
		if (!p)
			return 1;
		memcpy(p, word, 4);
		for (size_t i = 0; i < 6 && i < len; i++)
			putchar(p[i] ? p[i] : '.');
		putchar('\n');
		free(p);
	}
	return 0;
}
