/* expect: rewritten
 * sound: a vector kept in a struct regrown by one element per push in a
 *   loop.
 */
#include <stdio.h>
#include <stdlib.h>

struct vec {
	double *data;
	size_t len;
};

int main(void)
{
	struct vec v = { NULL, 0 };
	for (int i = 0; i < 2000; i++) {
		double *t = realloc(v.data, (v.len + 1) * sizeof *v.data); // site
		if (!t) {
			free(v.data);
			return 1;
		}
		v.data = t;
		v.data[v.len++] = i * 0.5;
	}
	double s = 0;
	for (size_t i = 0; i < v.len; i++)
		s += v.data[i];
	printf("%zu %.1f\n", v.len, s);
	free(v.data);
	return 0;
}
