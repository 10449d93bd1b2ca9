/* expect: rewritten
 * sound: the unit installs a signal handler, but it only sets a volatile
 *   sig_atomic_t flag and calls write(): it cannot change the source,
 *   whatever instruction it interrupts.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char src[16] = "flag only";
static volatile sig_atomic_t hits;

static void on_usr1(int sig)
{
	(void)sig;
	hits++;
	write(2, "", 0);
}

int main(void)
{
	signal(SIGUSR1, on_usr1);
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	memcpy(p, src, sizeof src);
	printf("%s %d\n", p, (int)hits);
	free(p);
	return 0;
}
