/* expect: no-share
 * trap: the struct holding the stored copies is a member of a union whose
 *   other member is a `char **` too: a write through it names neither the
 *   field nor a cast.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "punned";

struct keep {
	char **v;
};

union view {
	struct keep k;
	char **raw;
};

int main(void)
{
	union view u;
	u.k.v = malloc(sizeof *u.k.v);
	if (!u.k.v)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	u.k.v[0] = c;
	u.raw[0][1] = '!';
	printf("%s\n", u.k.v[0]);
	free(u.k.v[0]);
	free(u.k.v);
	return 0;
}
