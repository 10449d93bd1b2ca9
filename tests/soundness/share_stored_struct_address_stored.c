/* expect: no-share
 * trap: the address of the struct holding the stored copies is kept in a
 *   `void *` global; later the copy is written through that pointer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "kept away";

struct keep {
	char **v;
};

static void *saved;

static void scribble(void)
{
	char **v = *(char ***)saved;
	v[0][0] = 'X';
}

int main(void)
{
	static struct keep k;
	k.v = malloc(sizeof *k.v);
	if (!k.v)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	k.v[0] = c;
	saved = &k;
	scribble();
	printf("%s|%s\n", k.v[0], text);
	free(k.v[0]);
	free(k.v);
	return 0;
}
