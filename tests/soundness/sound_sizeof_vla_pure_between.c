/* expect: rewritten
 * sound: sizeof of a VLA type between the pair is evaluated, but its
 *   length only reads a local: nothing is written, the block is not read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_rows(const char *s, size_t n, int rows)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	size_t k = sizeof(int[rows + 1]);
	memcpy(p, s, n);
	printf("k=%zu\n", k);
	return p;
}

int main(void)
{
	char buf[] = "vla pure";
	char *d = dup_rows(buf, sizeof buf, 3);
	if (!d)
		return 1;
	buf[0] = 'X';
	printf("%s %s\n", d, buf);
	free(d);
	return 0;
}
