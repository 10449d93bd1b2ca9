/* expect: rewritten
 * sound: calloc(n, sizeof *p) then a copy of n * sizeof *p bytes: every
 *   byte calloc zeroed is overwritten.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double *dup_doubles(const double *v, size_t n)
{
	double *p = calloc(n, sizeof *p); // site
	if (!p)
		return NULL;
	memcpy(p, v, n * sizeof *p);
	return p;
}

int main(void)
{
	double v[] = { 0.5, 1.5, 2.5 };
	double *d = dup_doubles(v, 3);
	if (!d)
		return 1;
	v[0] = 9;
	printf("%.1f %.1f %.1f\n", d[0] + d[1] + d[2], d[0], v[0]);
	free(d);
	return 0;
}
