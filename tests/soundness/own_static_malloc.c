/* expect: refused
 * trap: the unit defines its own malloc (static, no <stdlib.h>), which
 *   counts its calls: a share would skip the call, a memdup would call
 *   the process's malloc instead.
 */
#include <stdio.h>
#include <string.h>
typedef __SIZE_TYPE__ size_t;
void free(void *);
void *calloc(size_t, size_t);
static int allocs;

static void *malloc(size_t n)
{
	allocs++;
	return calloc(1, n);
}

static const char text[] = "own malloc";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s %d\n", c, allocs);
	free(c);
	return 0;
}
