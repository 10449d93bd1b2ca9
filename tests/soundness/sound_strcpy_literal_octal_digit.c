/* expect: rewritten
 * sound: "ab\012cd" and "ef\060gh" hold no NUL: an octal escape takes up
 *   to three digits ("\012" is a newline, "\060" the digit 0), so sizeof is
 *   strlen + 1 and strcpy copies the whole block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *p = malloc(sizeof "ab\012cd"); // site
	if (!p)
		return 1;
	strcpy(p, "ab\012cd");
	char *q = malloc(sizeof "ef\060gh"); // site
	if (!q) {
		free(p);
		return 1;
	}
	strcpy(q, "ef\060gh");
	printf("%zu %s|%zu %s\n", strlen(p), p, strlen(q), q);
	free(q);
	free(p);
	return 0;
}
