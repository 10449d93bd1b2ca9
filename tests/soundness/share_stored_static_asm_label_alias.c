/* expect: no-share
 * trap: the copy is stored in a file-static pointer-to-pointer's element;
 *   another function writes through that element by a block-scope
 *   declaration whose asm label names the static's symbol: the same
 *   object under a name the stored-share walk does not follow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "slot text";
static char **slots;

static void poke(void)
{
	extern char **slots_alias __asm__("slots");
	slots_alias[0][0] = 'Q';
}

int main(void)
{
	slots = calloc(2, sizeof *slots);
	if (!slots)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	slots[0] = c;
	poke();
	printf("%s %s\n", slots[0], text);
	free(slots[0]);
	free(slots);
	return 0;
}
