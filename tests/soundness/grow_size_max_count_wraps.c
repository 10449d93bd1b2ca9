/* expect: any
 * trap: realloc(p, len + 1) over a size_t count that reaches SIZE_MAX: the
 *   huge sizes fail (the block is kept) and the last wraps to 0, which
 *   frees it; asrt_grow(p, 0) would keep it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	size_t len = argc > 5 ? (size_t)atoi(argv[1]) : SIZE_MAX - 2;
	char *buf = malloc(8);

	if (!buf)
		return 1;
	for (int i = 0; i < 3; i++) {
		char *t = realloc(buf, len + 1); // site
		if (!t && len + 1 == 0) {
			printf("pass %d: freed\n", i);
			buf = NULL;
		} else if (!t) {
			printf("pass %d: too big\n", i);
		} else {
			buf = t;
			printf("pass %d: ok\n", i);
		}
		len++;
	}
	free(buf);
	return 0;
}
