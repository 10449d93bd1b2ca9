/* expect: rewritten
 * sound: restrict-qualified parameters; the source is only read between
 *   the pair, the length stored through the out parameter after the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_restrict(const char *restrict s, size_t n, size_t *restrict out)
{
	char *restrict p = malloc(n); // site
	if (!p)
		return NULL;
	size_t len = strlen(s);
	memcpy(p, s, n);
	*out = len;
	return p;
}

int main(void)
{
	char buf[] = "restrict";
	size_t len = 0;
	char *d = dup_restrict(buf, sizeof buf, &len);
	if (!d)
		return 1;
	printf("%s %zu\n", d, len);
	free(d);
	return 0;
}
