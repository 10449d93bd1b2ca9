/* expect: any
 * sound: a _Generic selection between the pair only reads: it picks a
 *   size for a local, writing nothing the source holds. Not proven yet:
 *   the selection's associations read as macro-made (the site gets 'a
 *   macro expands between'), so only unchanged behaviour is asserted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "generic pure";

int main(void)
{
	char *p = malloc(sizeof word); // site
	if (!p)
		return 1;
	int w = _Generic(word[0], char: 1, default: 2);
	memcpy(p, word, sizeof word);
	printf("%s %d\n", p, w);
	free(p);
	return 0;
}
