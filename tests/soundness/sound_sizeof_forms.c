/* expect: rewritten
 * sound: n * sizeof(int) in the allocation against sizeof *p * n in the
 *   copy: the same size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int *dup_ints(const int *v, size_t n)
{
	int *p = malloc(n * sizeof(int)); // site
	if (!p)
		return NULL;
	memcpy(p, v, sizeof *p * n);
	return p;
}

int main(void)
{
	int v[] = { 4, 5, 6, 7 };
	int *d = dup_ints(v, 4);
	if (!d)
		return 1;
	v[1] = 0;
	printf("%d %d\n", d[0] + d[1] + d[2] + d[3], v[1]);
	free(d);
	return 0;
}
