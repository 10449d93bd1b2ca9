/* expect: rewritten
 * trap: an #include after the code (Ruby's dir.c ends with
 *   '#include "dir.rbinc"'): the runtime include must go before the first
 *   line of code, not after the file's last include.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int shout(const char *s)
{
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

int main(void)
{
	return shout("hello");
}

#include <limits.h>
