/* expect: rewritten
 * sound: a switch before and a goto after the pair, neither entering the
 *   region.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *pick(int k)
{
	const char *s;
	switch (k) {
	case 0:
		s = "zero";
		break;
	default:
		s = "many";
		break;
	}
	size_t n = strlen(s) + 1;
	char *p = malloc(n); // site
	if (!p)
		goto out;
	memcpy(p, s, n);
out:
	return p;
}

int main(void)
{
	for (int k = 0; k < 2; k++) {
		char *p = pick(k);
		if (!p)
			return 1;
		printf("%s\n", p);
		free(p);
	}
	return 0;
}
