/* expect: any
 * trap: the block is asked aligned to 256; a memdup would drop the alignment.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void)
{
	char s[100];
	memset(s, 'a', sizeof s);
	char *junk[64];
	int ok = 1;
	for (int i = 0; i < 64; i++) {
		junk[i] = malloc(24);
		char *c = aligned_alloc(256, 256); // site
		if (!c)
			return 1;
		memcpy(c, s, 256 > sizeof s ? sizeof s : 256);
		ok &= ((uintptr_t)c % 256) == 0;
		free(c);
	}
	for (int i = 0; i < 64; i++)
		free(junk[i]);
	printf("%d\n", ok);
	return 0;
}
