/* expect: refused
 * trap: the new block escapes into a global and a call between the
 *   allocation and the copy reads it (zeros before the copy).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "escaped";
static char *g_cur;

static void show(void)
{
	printf("show: %d\n", g_cur[0]);
}

int main(void)
{
	char *p = calloc(sizeof word, 1); // site

	if (!p)
		return 1;
	g_cur = p;
	show();
	memcpy(p, word, sizeof word);
	show();
	free(p);
	return 0;
}
