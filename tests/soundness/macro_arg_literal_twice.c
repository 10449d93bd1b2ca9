/* expect: refused
 * trap: TWICE("xy") is the literal "xy" "xy", spelled once in the file:
 *   libclang places both ends of the literal at the argument, so the text
 *   between them reads "xy", and a share or memdup of that text copies
 *   half the string (the bytes strlen counted in "xyxy").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TWICE(x) x x

int main(void)
{
	char *q = malloc(strlen(TWICE("xy")) + 1); // site
	if (!q)
		return 1;
	strcpy(q, TWICE("xy"));
	printf("%s %zu\n", q, strlen(q));
	free(q);
	return 0;
}
