/* expect: refused
 * trap: the index of the destination changes between the allocation and the
 *   copy (i++): the copy fills slot[1], not the block just allocated, so
 *   memdup at the allocation fills slot[0] and leaves slot[1] stale.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "fresh";

int main(void)
{
	char *slot[2];
	int i = 0;

	slot[1] = malloc(sizeof word);
	if (!slot[1])
		return 1;
	memset(slot[1], '-', sizeof word - 1);
	slot[1][sizeof word - 1] = '\0';
	slot[i] = malloc(sizeof word); // site
	if (!slot[i]) {
		free(slot[1]);
		return 1;
	}
	i++;
	memcpy(slot[i], word, sizeof word);
	/* slot[0] was never filled: only slot[1] is read. */
	printf("slot[1] = %s\n", slot[1]);
	free(slot[0]);
	free(slot[1]);
	return 0;
}
