/* expect: refused
 * trap: a store to the source through a volatile-qualified cast of its
 *   element's address between the pair.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "volatile";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	*(volatile char *)&buf[2] = 'V';
	memcpy(p, buf, sizeof buf);
	printf("%s %s\n", p, buf);
	free(p);
	return 0;
}
