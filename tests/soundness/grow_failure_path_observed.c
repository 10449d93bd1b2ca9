/* expect: any
 * trap: the loop grows until realloc fails and prints the step that
 *   failed: a grow that over-asks fails at another step.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *v = NULL;
	size_t n = 0;
	int step;
	for (step = 0; step < 8; step++) {
		n += (SIZE_MAX / 8) & ~(size_t)0xfff;
		if (step == 0)
			n = 64;
		char *t = realloc(v, n); // site
		if (!t)
			break;
		v = t;
		v[0] = 'x';
	}
	printf("failed at %d\n", step);
	free(v);
	return 0;
}
