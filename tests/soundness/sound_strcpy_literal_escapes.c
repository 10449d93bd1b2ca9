/* expect: rewritten
 * sound: a literal spelled with escapes (\t, \x41, \101) and no NUL among
 *   its bytes: sizeof is strlen + 1, as its evaluated bytes show.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *p = malloc(sizeof "tab\there \x41\101"); // site
	if (!p)
		return 1;
	strcpy(p, "tab\there \x41\101");
	p[0] = 'T';
	puts(p);
	free(p);
	return 0;
}
