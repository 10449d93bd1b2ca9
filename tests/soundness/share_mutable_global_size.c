/* expect: any
 * trap: a stored share whose size is read from a mutable global: the size
 *   changes before the copy is written, so a copy-on-write made with the
 *   global's value at the write is too small.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "stored share";
static size_t g_len = sizeof text;

struct entry {
	char *name;
};

static struct entry tab[2];

static int put(int i)
{
	tab[i].name = malloc(g_len); // site
	if (!tab[i].name)
		return -1;
	memcpy(tab[i].name, text, g_len);
	return 0;
}

int main(void)
{
	if (put(0))
		return 1;
	g_len = 4;
	tab[0].name[6] = 'S';
	printf("%s\n", tab[0].name);
	free(tab[0].name);
	return 0;
}
