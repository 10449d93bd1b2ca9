/* expect: refused
 * trap: the destination's index is changed through a pointer to it (*ip = 1)
 *   between the allocation and the copy; the text slot[i] is the same but
 *   names another element at the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "fresh";

int main(void)
{
	char spare[sizeof word] = "-----";
	char *slot[2] = { NULL, spare };
	int i = 0;
	int *ip = &i;

	slot[i] = malloc(sizeof word); // site
	if (!slot[i])
		return 1;
	*ip = 1;
	memcpy(slot[i], word, sizeof word);
	printf("slot[1] = %s\n", slot[1]);
	free(slot[0]);
	return 0;
}
