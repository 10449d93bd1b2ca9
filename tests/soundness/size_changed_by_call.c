/* expect: refused
 * trap: a call between the allocation and the copy changes the global the
 *   size is read from.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "global size";
static size_t g_len = sizeof word;

static void clip(void)
{
	g_len = 6;
}

int main(void)
{
	char *p = calloc(g_len, 1); // site
	if (!p)
		return 1;
	clip();
	memcpy(p, word, g_len);
	printf("%s\n", p);
	free(p);
	return 0;
}
