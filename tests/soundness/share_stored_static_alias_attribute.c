/* expect: no-share
 * trap: share_stored_static_asm_label_alias with an alias attribute: a
 *   file-scope variable declared as an alias of the static that holds the
 *   stored copy, written through by another function: the same object
 *   under a name the stored-share walk does not follow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "slot text";
static char **slots;
static char **slots_alias __attribute__((alias("slots")));

static void poke(void)
{
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
