/* expect: rewritten
 * sound: errno set before the pair and read after it: a successful memdup
 *   leaves errno as malloc and memcpy did.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_errno(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	errno = 1234;
	char *d = dup_errno("errno kept", 11);
	if (!d)
		return 1;
	printf("%s %d\n", d, errno);
	free(d);
	return 0;
}
