/* expect: refused
 * trap: a case label inside an `if (0)` block between the allocation and
 *   the copy: case 1 enters the region in the middle with another buffer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "caseblk";

static void fill(int k, char *preset)
{
	char *p = NULL;
	switch (k) {
	case 0:
		p = malloc(sizeof word); // site
		if (!p)
			return;
		if (0) {
		case 1:
			p = preset;
		}
		memcpy(p, word, sizeof word);
		break;
	}
	printf("%d: '%s'\n", k, p ? p : "(none)");
	if (p && p != preset)
		free(p);
}

int main(void)
{
	char preset[sizeof word] = "-------";
	fill(0, preset);
	fill(1, preset);
	printf("preset: %s\n", preset);
	return 0;
}
