/* expect: any
 * trap: a signal handler, raised through kill(getpid()) between the
 *   allocation and the copy, writes the source and a sig_atomic_t flag.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static char src[] = "handler";
static volatile sig_atomic_t seen;

static void on_usr1(int s)
{
	(void)s;
	src[0] = 'H';
	seen = 1;
}

int main(void)
{
	signal(SIGUSR1, on_usr1);
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	kill(getpid(), SIGUSR1);
	while (!seen)
		;
	memcpy(c, src, sizeof src);
	printf("%s\n", c);
	free(c);
	return 0;
}
