/* expect: refused
 * configs: | -DSHOUT
 * trap: an #ifdef between the allocation and the copy writes the source in
 *   one configuration: a rewrite proven without -DSHOUT breaks the build
 *   with it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "quiet";
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
#ifdef SHOUT
	buf[0] = 'Q';
#endif
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
