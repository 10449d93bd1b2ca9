/* expect: no-share
 * trap: o->exit(2) calls the table's note_exit through a member named exit,
 *   which returns; the control-flow graph took every call spelled exit for
 *   the library's, which does not, so the write p[0] = 'W' after it was
 *   dead code to the share walk: the copy was shared with its static const
 *   source and the write crashed (SIGSEGV, was "Word 2"). Only a call of
 *   the function itself ends a path.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ops {
	void (*exit)(int);
};

static int warned;

static void note_exit(int code)
{
	warned = code;
}

static const struct ops ops = { note_exit };

static const char word[] = "word";

static int show(const struct ops *o, int k)
{
	char *p = malloc(sizeof word); // site

	if (!p)
		return 1;
	memcpy(p, word, sizeof word);
	if (k) {
		o->exit(2);
		p[0] = 'W';
	}
	printf("%s %d\n", p, warned);
	free(p);
	return 0;
}

int main(void)
{
	return show(&ops, 1);
}
