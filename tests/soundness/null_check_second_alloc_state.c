/* expect: refused
 * trap: a second allocation between the pair is set to NULL when the
 *   source is missing: its NULL test is then no test of the allocator, and
 *   copying at the first allocation would read a NULL source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *make(const char *s, size_t n)
{
	char *a = malloc(n); // site
	if (!a)
		return NULL;
	char *b = malloc(4);
	char *keep = b;
	if (!s)
		b = NULL;
	if (!b) {
		free(keep);
		free(a);
		return NULL;
	}
	memcpy(a, s, n);
	free(b);
	return a;
}

int main(void)
{
	char *x = make("abc", 4);
	char *y = make(NULL, 4);
	printf("%s %s\n", x ? x : "-", y ? y : "-");
	free(x);
	return 0;
}
