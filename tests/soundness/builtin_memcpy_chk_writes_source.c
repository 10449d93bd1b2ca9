/* expect: refused
 * trap: __builtin___memcpy_chk into the source between the pair: a copy
 *   the pack knows, but not this pair's copy, so it writes the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "checked!";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	__builtin___memcpy_chk(buf, "CH", 2, __builtin_object_size(buf, 0));
	memcpy(p, buf, sizeof buf);
	printf("%s %s\n", p, buf);
	free(p);
	return 0;
}
