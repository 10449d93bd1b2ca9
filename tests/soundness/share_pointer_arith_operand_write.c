/* expect: no-share
 * trap: *(1 + p - 1) = 'W' writes the copy through pointer arithmetic;
 *   the key '*((1+p)-1)' names no part of 'p', the share walk saw no
 *   write, and the shared copy's write hit the const source (SIGSEGV).
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
	*(1 + p - 1) = 'W';
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
