/* expect: refused
 * trap: the source's address held in a compound literal array, written
 *   through its element between the pair.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_it(char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	((char *[]){ s })[0][1] = 'L';
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char buf[] = "compound";
	char *d = dup_it(buf, sizeof buf);
	if (!d)
		return 1;
	printf("%s %s\n", d, buf);
	free(d);
	return 0;
}
