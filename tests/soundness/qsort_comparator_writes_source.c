/* expect: refused
 * trap: qsort of an unrelated array between the pair, whose comparator
 *   writes the source (a file-scope buffer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[] = "comparator";

static int cmp(const void *a, const void *b)
{
	src[0] = 'Q';
	return *(const int *)a - *(const int *)b;
}

int main(void)
{
	int v[] = { 3, 1, 2 };
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	qsort(v, 3, sizeof v[0], cmp);
	memcpy(p, src, sizeof src);
	printf("%s %d%d%d\n", p, v[0], v[1], v[2]);
	free(p);
	return 0;
}
