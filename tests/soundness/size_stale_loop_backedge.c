/* expect: refused
 * trap: n = strlen(s) once before the loop; s moves to a shorter string
 *   at the end of each pass, so on the next pass n is stale.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *words[] = { "a long first word", "ab", "c" };

int main(void)
{
	const char *s = words[0];
	size_t n = strlen(s);
	for (int i = 0; i < 3; i++) {
		char *p = malloc(n + 1); // site
		if (!p)
			return 1;
		strcpy(p, s);
		memset(p + strlen(p), '+', n - strlen(p));
		p[n] = '\0';
		puts(p);
		free(p);
		s = words[i < 2 ? i + 1 : 2];
	}
	return 0;
}
