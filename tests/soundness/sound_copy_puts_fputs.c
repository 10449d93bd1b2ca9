/* expect: rewritten
 * sound: a copy of a literal given to puts and fputs only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *c = malloc(sizeof "via puts"); // site
	if (!c)
		return 1;
	memcpy(c, "via puts", sizeof "via puts");
	puts(c);
	fputs(c, stdout);
	fputc('\n', stdout);
	free(c);
	return 0;
}
