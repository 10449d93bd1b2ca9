/* expect: refused
 * trap: the source is written through another member of a union holding a
 *   pointer to it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

union view {
	const char *ro;
	char *rw;
};

int main(void)
{
	char buf[] = "union";
	union view u;
	u.ro = buf;
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	u.rw[0] = 'U';
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
