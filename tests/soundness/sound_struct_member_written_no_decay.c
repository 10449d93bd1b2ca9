/* expect: rewritten
 * sound: a local struct's array member is written element by element
 *   between the pair, but the struct's address is never taken nor its
 *   array decayed: the source (a parameter) cannot point into it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	int id;
	char tag[4];
};

static char *dup_tagged(const char *s, size_t n)
{
	struct rec r = { 1, "abc" };
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	r.tag[0] = 'Z';
	r.id = 2;
	memcpy(p, s, n);
	printf("%c%c %d\n", r.tag[0], r.tag[1], r.id);
	return p;
}

int main(void)
{
	char buf[] = "no decay";
	char *d = dup_tagged(buf, sizeof buf);
	if (!d)
		return 1;
	printf("%s\n", d);
	free(d);
	return 0;
}
