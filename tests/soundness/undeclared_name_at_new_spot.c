/* expect: any
 * trap: the copy's source is declared between the allocation and the copy:
 *   the replacement text at the allocation names a variable that is not
 *   declared there yet.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const table[] = { "zero", "one!", "two." };

int main(void)
{
	char *p = malloc(5); // site
	if (!p)
		return 1;
	const char *src = table[1];
	memcpy(p, src, 5);
	printf("%s\n", p);
	free(p);
	return 0;
}
