/* expect: no-share
 * trap: the copy is stored in a file-static pointer; another function loads
 *   that pointer into a local and writes through the local.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "kept global";
static char *g_name;

static void poke(void)
{
	char *w = g_name;
	w[4] = '-';
}

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	g_name = c;
	poke();
	printf("%s\n", g_name);
	free(g_name);
	return 0;
}
