/* expect: rewritten
 * sound: the look-alike of share_address_compare_offset: the copy is read
 *   through pointer arithmetic (c + 6 printed with %s, (c + 2)[0], a
 *   length measured from c + 1, the offset of a character found by
 *   subscript): every use reads bytes, none looks at the address. It must
 *   stay shared.
 */
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
	printf("%s|%c|%zu|%d\n", c + 6, (c + 2)[0], strlen(c + 1), c[3] - 'a');
	free(c);
	return 0;
}
