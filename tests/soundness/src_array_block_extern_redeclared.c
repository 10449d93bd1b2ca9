/* expect: refused
 * trap: the source is a file-scope array; a block-scope 'extern'
 *   declaration of the same name between the pair is the same object, and
 *   a store through it writes the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char shared_buf[8] = "extern";

int main(void)
{
	char *p = malloc(sizeof shared_buf); // site
	if (!p)
		return 1;
	{
		extern char shared_buf[8];
		shared_buf[0] = 'E';
	}
	memcpy(p, shared_buf, sizeof shared_buf);
	printf("%s %s\n", p, shared_buf);
	free(p);
	return 0;
}
