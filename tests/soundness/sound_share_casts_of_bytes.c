/* expect: rewritten
 * sound: the look-alike of share_address_printed_number: the numbers the
 *   program prints are the copy's bytes and length cast to int ((int)c[0],
 *   (int)strlen(c)), and the copy itself is cast only to _Bool (a NULL
 *   test): no cast of its address to an integer. It must stay shared.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "where am I";

int main(void)
{
	char *c = malloc(sizeof text); // site

	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	if ((bool)c)
		printf("%d %d %s\n", (int)c[0], (int)strlen(c), c);
	free(c);
	return 0;
}
