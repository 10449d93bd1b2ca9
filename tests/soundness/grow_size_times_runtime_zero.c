/* expect: any
 * trap: realloc(p, (len + 1) * esz) where the element size is 0 at run
 *   time: every size is 0, which frees the block; asrt_grow would keep it.
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	size_t esz = argc > 5 ? (size_t)atoi(argv[1]) : 0;
	char *buf = malloc(8);
	size_t len = 0;

	if (!buf)
		return 1;
	for (int i = 0; i < 4; i++) {
		char *t = realloc(buf, (len + 1) * esz); // site
		if (!t) {
			printf("pass %d: NULL\n", i);
			buf = NULL;
		} else {
			buf = t;
			printf("pass %d: ok\n", i);
		}
		len++;
	}
	free(buf);
	return 0;
}
