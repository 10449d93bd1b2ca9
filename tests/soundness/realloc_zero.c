/* expect: any
 * trap: an additive regrow loop whose first size is 0 on a live block:
 *   realloc(p, 0) frees p and returns NULL (glibc), which the loop reports;
 *   asrt_grow(p, 0) keeps the block and returns it.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *buf = malloc(16);
	size_t len = 0;

	if (!buf)
		return 1;
	for (int i = 0; i < 5; i++) {
		char *t = realloc(buf, len); // site
		if (t == NULL) {
			/* realloc(p, 0) freed the block: start again. */
			printf("pass %d: size %zu gave NULL\n", i, len);
			buf = NULL;
		} else {
			buf = t;
			if (len)
				buf[len - 1] = (char)('a' + i);
			printf("pass %d: size %zu ok\n", i, len);
		}
		len += 1;
	}
	free(buf);
	return 0;
}
