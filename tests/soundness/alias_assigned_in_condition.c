/* expect: refused
 * trap: the alias is assigned inside an if condition before the allocation
 *   and written between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "condition";
	char *q = NULL;
	int n = 0;

	if ((q = buf) != NULL && n == 0)
		n = 1;
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	q[0] = 'C';
	memcpy(p, buf, sizeof buf);
	printf("%s %d\n", p, n);
	free(p);
	return 0;
}
