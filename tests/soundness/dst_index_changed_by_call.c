/* expect: refused
 * trap: a call between the allocation and the copy advances the global
 *   index the destination is subscripted with.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "fresh";
static char spare[sizeof word] = "-----";
static char *slot[2] = { NULL, spare };
static int cur;

static void advance(void)
{
	cur++;
}

int main(void)
{
	slot[cur] = malloc(sizeof word); // site
	if (!slot[cur])
		return 1;
	advance();
	memcpy(slot[cur], word, sizeof word);
	printf("slot[1] = %s\n", slot[1]);
	free(slot[0]);
	return 0;
}
