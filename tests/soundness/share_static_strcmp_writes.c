/* expect: no-share
 * trap: the copy is passed to the unit's own static strcmp, which writes
 *   it; the packs' strcmp is the library's, read-only.
 */
#include <stddef.h>
#include <stdio.h>
void *malloc(size_t n);
void free(void *p);
void *memcpy(void *d, const void *s, size_t n);

static int strcmp(char *a, const char *b)
{
	a[0] = 'W';
	return a[1] - b[1];
}

static const char text[] = "template";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	int d = strcmp(c, "tx");
	printf("%d %s %s\n", d, c, text);
	free(c);
	return 0;
}
