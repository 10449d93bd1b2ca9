/* expect: rewritten
 * sound: the look-alike of alias_variable_alias_attribute_write: the
 *   store between the allocation and the copy is to another array
 *   variable that carries attributes (aligned, used, section), none of
 *   which names another symbol: its bytes are its own, not the source's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char buf[8] = "mine...";
char scratch[8] __attribute__((aligned(16), used, section(".data.scratch")));

int main(void)
{
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	scratch[0] = 'S';
	memcpy(p, buf, sizeof buf);
	printf("%s %c\n", p, scratch[0]);
	free(p);
	return 0;
}
