/* expect: refused
 * trap: alias_variable_alias_attribute_write the other way round: the
 *   copy reads the alias (other), the store between the allocation and
 *   the copy writes the array it names (buf).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char buf[8] = "aliased";
extern char other[8] __attribute__((alias("buf")));

int main(void)
{
	char *p = malloc(sizeof other); // site

	if (!p)
		return 1;
	buf[0] = 'A';
	memcpy(p, other, sizeof other);
	printf("%s\n", p);
	free(p);
	return 0;
}
