/* expect: no-share
 * trap: a function-like macro named puts writes its argument before
 *   printing it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "macro";
#undef puts
#define puts(s) ((s)[0] = 'M', fputs((s), stdout), fputc('\n', stdout))

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	puts(c);
	printf("%s %s\n", c, text);
	free(c);
	return 0;
}
