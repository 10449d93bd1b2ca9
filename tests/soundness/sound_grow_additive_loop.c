/* expect: rewritten
 * sound: realloc to (i + 1) * sizeof *v on every pass, never to 0: the
 *   grow keeps the contents and the failure path.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int *v = NULL;
	long sum = 0;
	for (int i = 0; i < 5000; i++) {
		int *t = realloc(v, (i + 1) * sizeof *v); // site
		if (!t) {
			free(v);
			return 1;
		}
		v = t;
		v[i] = i;
	}
	for (int i = 0; i < 5000; i++)
		sum += v[i];
	printf("%ld\n", sum);
	free(v);
	return 0;
}
