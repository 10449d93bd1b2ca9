/* expect: no-share
 * trap: '#define strlen my_strlen': the call spelled strlen is a unit's own
 *   function that writes its argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "macro-named";

static size_t my_strlen(const char *s)
{
	char *w = (char *)s;
	size_t n = 0;
	while (w[n]) {
		w[n] = (char)(w[n] & ~0x20);
		n++;
	}
	return n;
}
#define strlen my_strlen

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%zu %s\n", strlen(c), c);
	free(c);
	return 0;
}
