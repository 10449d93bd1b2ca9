/* expect: rewritten
 * sound: the pair sits inside nested blocks and an if, all names declared
 *   before the allocation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "nested";
	char *keep = NULL;
	for (int i = 0; i < 2; i++) {
		if (i == 1) {
			{
				char *p = malloc(sizeof src); // site
				if (!p)
					return 1;
				memcpy(p, src, sizeof src);
				keep = p;
			}
		}
	}
	src[0] = 'N';
	printf("%s %s\n", keep, src);
	free(keep);
	return 0;
}
