/* expect: any
 * trap: the regrow size is an unsigned char count plus one, stored back
 *   into the unsigned char: it wraps to 0 after 255 steps, and
 *   realloc(p, 0) frees the block and returns NULL (glibc), which the loop
 *   reports; asrt_grow(p, 0) keeps it.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *buf = NULL;
	unsigned char len = 0;

	for (int i = 0; i < 300; i++) {
		len = (unsigned char)(len + 1);
		char *t = realloc(buf, len); // site
		if (t == NULL) {
			printf("step %d: size %u gave NULL\n", i, (unsigned)len);
			buf = NULL;
			continue;
		}
		buf = t;
		buf[len - 1] = (char)('a' + i % 26);
	}
	printf("last %u\n", (unsigned)len);
	free(buf);
	return 0;
}
