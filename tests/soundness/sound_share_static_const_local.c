/* expect: rewritten
 * sound: the source is a static const array inside the function (static
 *   storage), the copy read after the block that declares it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *c;
	{
		static const char text[] = "static in block";
		c = malloc(sizeof text); // site
		if (!c)
			return 1;
		memcpy(c, text, sizeof text);
	}
	printf("%s\n", c);
	free(c);
	return 0;
}
