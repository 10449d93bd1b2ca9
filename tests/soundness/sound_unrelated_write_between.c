/* expect: rewritten
 * sound: between the allocation and the copy only a local counter that
 *   nothing aliases is written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "unrelated";
	int made = 0;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	made++;
	memcpy(p, src, sizeof src);
	src[0] = 'U';
	printf("%s %s %d\n", p, src, made);
	free(p);
	return 0;
}
