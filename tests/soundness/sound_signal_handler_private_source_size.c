/* expect: rewritten
 * sound: the unit installs a handler that writes a global, but the
 *   source is this function's own array and the size its own local,
 *   neither of whose addresses is taken: no handler reaches them.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char last[16];

static void on_usr1(int sig)
{
	(void)sig;
	last[0] = 'U';
}

int main(void)
{
	char src[16] = "private";
	size_t n = strlen(src) + 1;
	signal(SIGUSR1, on_usr1);
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, src, n);
	printf("%s %d\n", p, last[0]);
	free(p);
	return 0;
}
