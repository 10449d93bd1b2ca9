/* expect: rewritten
 * sound: the look-alike of share_member_exit_returns: the write through
 *   the copy follows a direct call of the library's exit(), which does
 *   not return, so it never runs after the share; the copy is shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "word";

static int show(int k)
{
	char *p = malloc(sizeof word); // site

	if (!p)
		return 1;
	memcpy(p, word, sizeof word);
	if (k > 1) {
		exit(3);
		p[0] = 'W';
	}
	printf("%s\n", p);
	free(p);
	return 0;
}

int main(void)
{
	return show(1);
}
