/* expect: rewritten
 * sound: printf with '*' width and precision and no %n only reads the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "star width";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("[%*.*s] [%-*s]\n", 8, 4, c, 12, c);
	free(c);
	return 0;
}
