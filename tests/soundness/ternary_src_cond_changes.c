/* expect: refused
 * trap: the copy's source is `flip ? b : a` and flip changes between the
 *   allocation and the copy: evaluated at the allocation it picks a.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char a[] = "first";
static const char b[] = "other";

int main(void)
{
	int flip = 0;
	char *p = malloc(sizeof a); // site

	if (!p)
		return 1;
	flip = 1;
	memcpy(p, flip ? b : a, sizeof a);
	printf("%s\n", p);
	free(p);
	return 0;
}
