/* expect: any
 * trap: posix_memalign's block is aligned to 512.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void)
{
	char s[40] = "aligned";
	int ok = 1;
	char *junk[64];
	for (int i = 0; i < 64; i++) {
		void *v;
		junk[i] = malloc(40);
		if (posix_memalign(&v, 512, sizeof s)) // site
			return 1;
		char *c = v;
		memcpy(c, s, sizeof s);
		ok &= ((uintptr_t)c % 512) == 0;
		free(c);
	}
	for (int i = 0; i < 64; i++)
		free(junk[i]);
	printf("%d\n", ok);
	return 0;
}
