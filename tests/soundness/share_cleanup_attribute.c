/* expect: no-share
 * trap: the copy's variable has __attribute__((cleanup(drop))): drop()
 *   free()s it when the block ends, where no rewritten release is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "cleanup";

static void drop(char **pp)
{
	free(*pp);
}

int main(void)
{
	{
		char *c __attribute__((cleanup(drop))) = malloc(sizeof text); // site
		if (!c)
			return 1;
		memcpy(c, text, sizeof text);
		printf("%s\n", c);
	}
	puts("done");
	return 0;
}
