/* expect: refused
 * trap: a helper stored the source's address in a global earlier; the
 *   source is written through that global between the allocation and the
 *   copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *g_seen;

static void remember(char *s)
{
	g_seen = s;
}

int main(void)
{
	char buf[] = "global alias";
	remember(buf);
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	g_seen[0] = 'G';
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
