/* expect: refused
 * trap: a call between the allocation and the copy may longjmp out, past
 *   the copy: the zeroed block is read after the jump.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf env;
static const char word[] = "bailed";
static char *g_p;

static void maybe_bail(int k)
{
	if (k)
		longjmp(env, 1);
}

static void run(int k)
{
	if (setjmp(env)) {
		printf("%d: bailed '%s'\n", k, g_p);
		free(g_p);
		return;
	}
	g_p = calloc(sizeof word, 1); // site
	if (!g_p)
		return;
	maybe_bail(k);
	memcpy(g_p, word, sizeof word);
	printf("%d: '%s'\n", k, g_p);
	free(g_p);
}

int main(void)
{
	run(0);
	run(1);
	return 0;
}
