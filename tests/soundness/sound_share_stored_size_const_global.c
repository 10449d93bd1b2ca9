/* expect: rewritten
 * sound: a stored share sized by a const file-scope object and an enum
 *   constant: their values cannot change, so each write's private copy
 *   takes the whole buffer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "kept text";
static const size_t len = sizeof text;
enum { pad = 0 };

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
	char *c = malloc(len + pad); // site
	if (!c)
		return 1;
	memcpy(c, text, len + pad);
	k.v[k.n] = c;
	k.v[0][0] = 'K';
	printf("%s\n", k.v[0]);
	free(k.v[0]);
	free(k.v);
	return 0;
}
