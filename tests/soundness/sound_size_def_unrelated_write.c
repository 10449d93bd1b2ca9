/* expect: rewritten
 * sound: n = strlen(s); another variable is written between, and s only
 *   after the copy: the definition still holds at the allocation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *s = "stays the same";
	const char *t = "x";
	size_t n = strlen(s);
	t = "y";
	char *p = malloc(n + 1); // site
	if (!p)
		return 1;
	strcpy(p, s);
	s = t;
	puts(p);
	puts(s);
	free(p);
	return 0;
}
