/* expect: any
 * trap: the source is a const array of automatic storage in an inner
 *   block: the copy is read after the block ends, when the array is gone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void clobber(void)
{
	volatile char junk[64];
	for (int i = 0; i < 64; i++)
		junk[i] = 'z';
	(void)junk[0];
}

int main(void)
{
	char *c;
	{
		const char text[] = "automatic const";
		c = malloc(sizeof text); // site
		if (!c)
			return 1;
		memcpy(c, text, sizeof text);
	}
	clobber();
	printf("%s\n", c);
	free(c);
	return 0;
}
