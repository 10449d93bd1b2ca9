/* expect: rewritten
 * sound: the look-alike of share_address_printed_p: the shared copy is
 *   printed with %s (its characters, not where it lies) by a format whose
 *   "%%p" is a percent sign and a p, no conversion. It must stay shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "shared text";

int main(void)
{
	char *c = malloc(sizeof text); // site

	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s: 100%%p %.4s\n", c, c);
	free(c);
	return 0;
}
