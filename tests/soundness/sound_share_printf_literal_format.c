/* expect: rewritten
 * sound: a shared copy passed to printf with a literal format that has no
 *   %n (a "%%n" is a percent sign and an n).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "template";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s 100%%n %5.2s\n", c, c);
	free(c);
	return 0;
}
