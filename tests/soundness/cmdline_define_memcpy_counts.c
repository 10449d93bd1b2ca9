/* expect: refused
 * flags: -Dmemcpy=copy_and_count
 * trap: the build's -D turns every memcpy, the one <string.h> declares
 *   too, into the program's copy_and_count, which counts its calls: the
 *   spelling is memcpy, the call is not the library's copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int copies;

void *copy_and_count(void *restrict d, const void *restrict s, size_t n)
{
	unsigned char *o = d;
	const unsigned char *i = s;

	copies++;
	while (n--)
		*o++ = *i++;
	return d;
}

int main(void)
{
	static const char src[] = "counted";
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	memcpy(p, src, sizeof src);
	printf("%s %d\n", p, copies);
	free(p);
	return 0;
}
