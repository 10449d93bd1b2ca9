/* expect: rewritten
 * configs: | -DVERBOSE
 * sound: the #ifdef is outside the region between the allocation and the
 *   copy: the pair is the same in both configurations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_bytes(const char *s, size_t n)
{
#ifdef VERBOSE
	printf("dup %zu bytes\n", n);
#endif
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
#ifdef VERBOSE
	printf("done\n");
#endif
	return p;
}

int main(void)
{
	char s[] = "configured";
	char *d = dup_bytes(s, sizeof s);
	if (!d)
		return 1;
	s[0] = 'C';
	printf("%s %s\n", d, s);
	free(d);
	return 0;
}
