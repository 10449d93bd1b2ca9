/* expect: rewritten
 * trap: the file's last include is inside a conditional: the runtime
 *   include must go after the last top-level one, outside the block.
 * configs: | -DUSE_CTYPE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef USE_CTYPE
#include <ctype.h>
#endif

int main(void)
{
	const char *s = "hello";
	size_t n = strlen(s) + 1;
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, s, n);
	p[0] = 'H';
	puts(p);
	free(p);
	return 0;
}
