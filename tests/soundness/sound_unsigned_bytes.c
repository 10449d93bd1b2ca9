/* expect: rewritten
 * sound: an unsigned char buffer duplicated, the source changed afterwards.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	unsigned char bytes[32];
	for (int i = 0; i < 32; i++)
		bytes[i] = (unsigned char)(i * 7);
	unsigned char *p = malloc(sizeof bytes); // site
	if (!p)
		return 1;
	memcpy(p, bytes, sizeof bytes);
	memset(bytes, 0, sizeof bytes);
	unsigned s = 0;
	for (int i = 0; i < 32; i++)
		s += p[i];
	printf("%u %u\n", s, bytes[5]);
	free(p);
	return 0;
}
