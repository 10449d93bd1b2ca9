/* expect: refused
 * trap: the copy is the operand of sizeof, never evaluated: the block
 *   stays zero, and a memdup would fill it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "sizeof copy";

int main(void)
{
	char *p = calloc(sizeof word, 1); // site
	if (!p)
		return 1;
	size_t k = sizeof(memcpy(p, word, sizeof word));
	printf("[%s] %d\n", p, k == sizeof(void *));
	free(p);
	return 0;
}
