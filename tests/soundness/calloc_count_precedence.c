/* expect: any
 * trap: calloc(n + 1, sizeof *p) and a copy of (n + 1) * sizeof *p bytes:
 *   a memdup whose size text is built by pasting count and size without
 *   parentheses (n + 1 * sizeof *p) copies too little.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int vals[] = { 10, 20, 30, 40, 50 };

int main(void)
{
	size_t n = 4;
	int *p = calloc(n + 1, sizeof *p); // site
	if (!p)
		return 1;
	memcpy(p, vals, (n + 1) * sizeof *p);
	int sum = 0;
	for (size_t i = 0; i <= n; i++)
		sum += p[i];
	printf("sum=%d\n", sum);
	free(p);
	return 0;
}
