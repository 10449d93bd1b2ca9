/* expect: rewritten
 * sound: two independent pairs one after the other in one function.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char a[] = "first pair", b[] = "second pair";
	char *x = malloc(sizeof a); // site
	if (!x)
		return 1;
	memcpy(x, a, sizeof a);
	char *y = malloc(sizeof b); // site
	if (!y) {
		free(x);
		return 1;
	}
	memcpy(y, b, sizeof b);
	a[0] = b[0] = '_';
	printf("%s / %s / %s / %s\n", x, y, a, b);
	free(x);
	free(y);
	return 0;
}
