/* expect: any
 * trap: an additive regrow realloc(p, len + 1) over a signed count that
 *   starts at -1: the first size is 0, which frees the block (glibc returns
 *   NULL); asrt_grow(p, 0) would keep it.
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	int len = argc > 5 ? atoi(argv[1]) : -1;
	char *buf = malloc(8);

	(void)argv;
	if (!buf)
		return 1;
	for (int i = 0; i < 6; i++) {
		char *t = realloc(buf, len + 1); // site
		if (!t) {
			printf("pass %d: NULL\n", i);
			buf = NULL;
		} else {
			buf = t;
			if (len >= 0)
				buf[len] = (char)('a' + i);
			printf("pass %d: ok\n", i);
		}
		len++;
	}
	free(buf);
	return 0;
}
