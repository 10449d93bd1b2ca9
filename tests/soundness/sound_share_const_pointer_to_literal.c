/* expect: rewritten
 * sound: the source is a const pointer to const initialised by a string
 *   literal: its bytes can never change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char *const text = "pointer to literal";

int main(void)
{
	char *c = malloc(sizeof "pointer to literal"); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof "pointer to literal");
	printf("%s\n", c);
	free(c);
	return 0;
}
