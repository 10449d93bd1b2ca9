/* expect: refused
 * trap: after the function that calls it between the pair, the unit
 *   declares strlen with __attribute__((alias)) naming its own function,
 *   which writes the source: the program's strlen symbol is that function.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char g_src[8] = "source.";

static char *take(const char *name)
{
	char *p = malloc(sizeof g_src); // site
	if (!p)
		return NULL;
	printf("%zu\n", strlen(name));
	memcpy(p, g_src, sizeof g_src);
	return p;
}

int main(int argc, char **argv)
{
	char *p = take(argc > 5 ? argv[1] : "name");
	if (!p)
		return 1;
	printf("%s\n", p);
	free(p);
	return 0;
}

static size_t scribble_len(const char *s)
{
	volatile size_t n = 0;

	while (s[n])
		n++;
	g_src[0] = 'A';
	return n;
}

size_t strlen(const char *s) __attribute__((alias("scribble_len")));
