/* expect: rewritten
 * sound: the look-alike of share_deref_write: the copy is read through
 *   every spelling (*p, 0[p], *(p + 1), (p + 2)[-1]) and the writes go
 *   to another array through a pointer of its own, so the share stands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "word";
static char other[8];

static int show(void)
{
	char *p = malloc(sizeof word); // site
	char *o = other;

	if (!p)
		return 1;
	memcpy(p, word, sizeof word);
	*o = *p;
	1[o] = 0[p];
	*(o + 2) = *(p + 1);
	(o + 4)[-1] = (p + 2)[-1];
	printf("%s %s\n", p, other);
	free(p);
	return 0;
}

int main(void)
{
	if (show() || show())
		return 1;
	printf("%s\n", word);
	return 0;
}
