/* expect: refused
 * configs: -DMODE_A | -DMODE_B
 * trap: an #if/#elif chain between the allocation and the copy: only the
 *   MODE_B branch writes the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "elif";
	int tag = 0;
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
#if defined(MODE_A)
	tag = 1;
#elif defined(MODE_B)
	buf[0] = 'E';
	tag = 2;
#endif
	memcpy(p, buf, sizeof buf);
	printf("%s %d\n", p, tag);
	free(p);
	return 0;
}
