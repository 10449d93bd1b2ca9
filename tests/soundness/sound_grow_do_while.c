/* expect: rewritten
 * sound: a do-while loop regrowing by one element per pass.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	short *v = NULL;
	size_t n = 0;
	do {
		short *t = realloc(v, (n + 1) * sizeof *v); // site
		if (!t) {
			free(v);
			return 1;
		}
		v = t;
		v[n] = (short)(n % 100);
		n++;
	} while (n < 1500);
	long s = 0;
	for (size_t i = 0; i < n; i++)
		s += v[i];
	printf("%zu %ld\n", n, s);
	free(v);
	return 0;
}
