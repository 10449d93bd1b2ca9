/* expect: no-share
 * trap: a stored share sized by a global other units may change (S8), set
 *   smaller by a function before a write through the stored element.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "shared words";
size_t text_size = sizeof text;

struct slots {
	char **at;
};

static struct slots sl;

static void shrink(void)
{
	text_size = 2;
}

static void poke(int i)
{
	sl.at[i][1] = '!';
}

int main(void)
{
	sl.at = malloc(4 * sizeof *sl.at);
	if (!sl.at)
		return 1;
	char *c = malloc(text_size); // site
	if (!c)
		return 1;
	memcpy(c, text, text_size);
	sl.at[0] = c;
	shrink();
	poke(0);
	printf("%s\n", sl.at[0]);
	free(sl.at[0]);
	free(sl.at);
	return 0;
}
