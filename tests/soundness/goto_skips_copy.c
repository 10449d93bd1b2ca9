/* expect: refused
 * trap: a goto out of the region skips the copy on one path; the zeroed
 *   block is printed there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "skipped";

static void fill(int skip)
{
	char *p = calloc(sizeof word, 1); // site
	if (!p)
		return;
	if (skip)
		goto out;
	memcpy(p, word, sizeof word);
out:
	printf("%d: '%s'\n", skip, p);
	free(p);
}

int main(void)
{
	fill(0);
	fill(1);
	return 0;
}
