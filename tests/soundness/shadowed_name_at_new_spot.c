/* expect: any
 * trap: the copy's source `s` is the outer variable, but at the allocation
 *   (inside an inner block) a nearer `s` shadows it: the replacement text
 *   asrt_memdup(s, ...) placed at the allocation compiles and copies the
 *   inner string.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *s = "outer";
	char *p;
	{
		const char *s = "inner";
		p = malloc(6); // site
		if (!p)
			return 1;
		printf("in block: %s\n", s);
	}
	memcpy(p, s, 6);
	printf("%s\n", p);
	free(p);
	return 0;
}
