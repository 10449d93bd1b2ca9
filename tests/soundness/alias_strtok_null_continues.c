/* expect: refused
 * trap: strtok(NULL, ...) between the pair names no buffer, yet writes a
 *   NUL into the string an earlier strtok was given: the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char line[] = "alpha beta gamma";
	char *tok = strtok(line, " ");
	char *p = malloc(sizeof line); // site
	if (!p || !tok)
		return 1;
	tok = strtok(NULL, " ");
	memcpy(p, line, sizeof line);
	printf("%s|%s|%s\n", p, p + 6, tok);
	free(p);
	return 0;
}
