/* expect: no-share
 * trap: a stored share sized by a mutable global (S8): the global shrinks
 *   after the store, so a write's private copy would take only its new
 *   value's bytes and lose the terminator.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "kept text";
static size_t len = sizeof text;

struct keep {
	char **v;
	int n;
};

int main(void)
{
	struct keep k = { 0, 0 };
	k.v = calloc(2, sizeof *k.v);
	if (!k.v)
		return 1;
	char *c = malloc(len); // site
	if (!c)
		return 1;
	memcpy(c, text, len);
	k.v[k.n] = c;
	len = 2;
	k.v[0][0] = 'K';
	printf("%s %zu\n", k.v[0], len);
	free(k.v[0]);
	free(k.v);
	return 0;
}
