/* expect: rewritten
 * sound: the copy is stored in a file-static pointer-to-pointer's element;
 *   another function writes through that element named by a block-scope
 *   'extern' declaration, the same object: the write is followed and gets
 *   its asrt_cow_mut_or_abort_at.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "slot text";
static char **slots;

static void poke(void)
{
	extern char **slots;
	slots[0][0] = 'P';
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
