/* expect: refused
 * trap: n = strlen(s), then s is reassigned to a shorter string before
 *   p = malloc(n + 1); strcpy(p, s): a memdup re-reading strlen(s) would
 *   make a block too small for the strcat after it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *s = "a rather long string";
	size_t n = strlen(s);
	s = "short";
	char *p = malloc(n + 1); // site
	if (!p)
		return 1;
	strcpy(p, s);
	strcat(p, "-more");
	puts(p);
	free(p);
	return 0;
}
