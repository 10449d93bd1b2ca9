/* expect: rewritten
 * trap: none: n is defined inside the loop, so each pass measures text
 *   again after cut() shortened it: n is strlen(text) + 1 at the
 *   allocation on every pass. The look-alike of
 *   size_definition_call_after_use_in_loop.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char text[16] = "abcdefgh";

static void cut(void)
{
	text[3] = '\0';
}

int main(void)
{
	for (int round = 0; round < 2; round++) {
		size_t n = strlen(text) + 1;
		char *p = calloc(n, 1); // site
		if (!p)
			return 1;
		memcpy(p, text, strlen(text) + 1);
		for (size_t i = 0; i < n; i++)
			putchar(p[i] ? p[i] : '.');
		putchar('\n');
		free(p);
		cut();
	}
	return 0;
}
