/* expect: no-share
 * trap: *p = 'W', the plainest write through the copy: its key '*p' does
 *   not start with 'p' followed by '[' or '.', so the share walk read the
 *   store as one to another object; the copy was shared with the static
 *   const source and the write crashed (SIGSEGV, was "Word"). So did
 *   *(p + 1) = c, ++*p and (*p)++.
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
	*p = 'W';
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
