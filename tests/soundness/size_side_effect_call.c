/* expect: any
 * trap: the size is a call with a side effect, written in the allocation
 *   and again in the copy: it runs twice before the rewrite; one memdup
 *   call runs it once (the count printed changes) unless both are kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "counted";
static int calls;

static size_t width(void)
{
	calls++;
	return sizeof word;
}

int main(void)
{
	char *p = malloc(width()); // site
	if (!p)
		return 1;
	memcpy(p, word, width());
	printf("%s calls=%d\n", p, calls);
	free(p);
	return 0;
}
