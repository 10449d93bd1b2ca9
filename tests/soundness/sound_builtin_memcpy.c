/* expect: rewritten
 * sound: the copy is __builtin_memcpy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char s[] = "builtin copy";
	char *p = malloc(sizeof s); // site
	if (!p)
		return 1;
	__builtin_memcpy(p, s, sizeof s);
	s[0] = 'B';
	printf("%s %s\n", p, s);
	free(p);
	return 0;
}
