/* expect: rewritten
 * sound: snprintf writes another buffer and reads the copy through %s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "snprintf source";

int main(void)
{
	char out[64];
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	snprintf(out, sizeof out, "<%s:%zu>", c, strlen(c));
	puts(out);
	free(c);
	return 0;
}
