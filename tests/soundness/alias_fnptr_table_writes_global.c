/* expect: refused
 * trap: a call through a table of function pointers, picked at run time,
 *   writes the global source between the pair.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char g_src[8] = "global.";
static void quiet(void) {}
static void stamp(void) { g_src[0] = 'G'; }
static void (*const table[2])(void) = { quiet, stamp };

int main(int argc, char **argv)
{
	int k = argc > 5 ? atoi(argv[1]) : 1;
	char *p = malloc(sizeof g_src); // site
	if (!p)
		return 1;
	(*table[k])();
	memcpy(p, g_src, sizeof g_src);
	printf("%s\n", p);
	free(p);
	return 0;
}
