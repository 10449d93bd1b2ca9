/* expect: no-share
 * trap: strtok writes terminators into the string it is given: the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "a b c";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	int words = 0;
	for (char *w = strtok(c, " "); w; w = strtok(NULL, " "))
		words++;
	printf("%d words, first '%s'\n", words, c);
	free(c);
	return 0;
}
