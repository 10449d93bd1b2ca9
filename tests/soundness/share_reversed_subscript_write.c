/* expect: no-share
 * trap: 0[p] = 'W' writes the copy with the subscript's operands swapped
 *   (p[0] in C). The write's key was '0[p]', which does not start with
 *   the copy's name, so the share walk saw no write: the copy was shared
 *   with the static const source and the write crashed it (SIGSEGV, was
 *   "Word"). Every lvalue reached through a pointer carrying the copy is
 *   a write through it, however it is spelled.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "word";

static int show(void)
{
	char *p = malloc(sizeof word); // site

	if (!p)
		return 1;
	memcpy(p, word, sizeof word);
	0[p] = 'W';
	printf("%s\n", p);
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
