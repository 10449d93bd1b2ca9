/* expect: refused
 * trap: the program asks the allocator for its heap statistics (mallinfo2)
 *   and checks that a buffer grown 1000 bytes at a time to 300000 holds
 *   about that much; a geometric grow keeps up to half as much again.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	struct mallinfo2 m0 = mallinfo2();
	size_t before = m0.uordblks + m0.hblkhd;
	char *s = NULL;
	size_t len = 0;

	for (int i = 0; i < 300; i++) {
		char *t = realloc(s, len + 1000); // site
		if (!t) {
			free(s);
			return 1;
		}
		s = t;
		memset(s + len, 'x', 1000);
		len += 1000;
	}
	struct mallinfo2 m1 = mallinfo2();
	size_t used = m1.uordblks + m1.hblkhd - before;
	printf("%zu %s\n", len, used <= len + 4096 ? "tight" : "loose");
	free(s);
	return 0;
}
