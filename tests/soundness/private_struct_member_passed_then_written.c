/* expect: refused
 * trap: a local struct's array member decays when passed to a helper that
 *   keeps the pointer; the struct's member is then written between the
 *   pair, and the source is the kept pointer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct box {
	char text[10];
	int n;
};

static const char *kept;

static void keep(const char *s)
{
	kept = s;
}

int main(void)
{
	struct box b = { "kept", 1 };
	keep(b.text);
	const char *src = kept;
	char *p = malloc(5); // site
	if (!p)
		return 1;
	b.text[1] = 'E';
	memcpy(p, src, 5);
	printf("%s %s %d\n", p, b.text, b.n);
	free(p);
	return 0;
}
