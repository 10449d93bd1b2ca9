/* expect: rewritten
 * sound: the look-alike of grow_address_identity_bytes: the function
 *   compares the bytes of two ints and of two arrays through their
 *   addresses, never a pointer's, so nothing it prints depends on where
 *   the block lies.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *p = NULL;
	int same = 0;
	char a[4] = "abc", b[4] = "abc";

	for (int i = 0; i < 64; i++) {
		int before = i, after = i;
		char *q = realloc(p, (size_t)i * 48 + 48); // site

		if (!q) {
			free(p);
			return 1;
		}
		same += memcmp(&before, &after, sizeof after) == 0;
		p = q;
		p[i] = 'x';
	}
	printf("%d %d\n", same, memcmp(&a, &b, sizeof a));
	free(p);
	return 0;
}
