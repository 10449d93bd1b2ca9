/* expect: rewritten
 * sound: a loop between the allocation and the copy only reads the source
 *   (a checksum).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "checksum me";
	unsigned sum = 0;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	for (size_t i = 0; i < sizeof src; i++)
		sum += (unsigned char)src[i];
	memcpy(p, src, sizeof src);
	printf("%s %u\n", p, sum);
	free(p);
	return 0;
}
