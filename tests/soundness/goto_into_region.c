/* expect: refused
 * trap: a goto jumps over the allocation into the region: on that path the
 *   copy fills a static buffer, which a rewrite that removes the copy never
 *   fills.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "jumped";
static char fixed[sizeof word];

static void fill(int use_fixed)
{
	char *p = fixed;
	if (use_fixed)
		goto copy;
	p = malloc(sizeof word); // site
	if (!p)
		return;
copy:
	memcpy(p, word, sizeof word);
	printf("%d: '%s' fixed='%s'\n", use_fixed, p, fixed);
	if (p != fixed)
		free(p);
}

int main(void)
{
	fill(0);
	fill(1);
	return 0;
}
