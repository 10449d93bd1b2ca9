/* expect: no-share
 * trap: the source is a const compound literal in an inner block:
 *   automatic storage, gone when the block ends, while the copy is read
 *   after it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void clobber(void)
{
	volatile char junk[128];
	for (int i = 0; i < 128; i++)
		junk[i] = 'q';
	(void)junk[0];
}

int main(void)
{
	char *c;
	{
		c = malloc(sizeof "compound"); // site
		if (!c)
			return 1;
		memcpy(c, (const char[]){ "compound" }, sizeof "compound");
	}
	clobber();
	printf("%s\n", c);
	free(c);
	return 0;
}
