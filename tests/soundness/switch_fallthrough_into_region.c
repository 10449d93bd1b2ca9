/* expect: refused
 * trap: case 1 falls into the region below the allocation of case 0: the
 *   copy fills the preset buffer on that path, which no longer happens if
 *   the copy is folded into the allocation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "switch";

static void fill(int k, char *preset)
{
	char *p = preset;
	switch (k) {
	case 0:
		p = malloc(sizeof word); // site
		if (!p)
			return;
		/* fallthrough */
	case 1:
		memcpy(p, word, sizeof word);
		break;
	default:
		break;
	}
	printf("%d: '%s'\n", k, p);
	if (p != preset)
		free(p);
}

int main(void)
{
	char preset[sizeof word] = "-----";
	fill(0, preset);
	fill(1, preset);
	return 0;
}
