/* expect: any
 * trap: an alarm's handler writes the source while the code between the
 *   allocation and the copy spins on a volatile sig_atomic_t, no call.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static char src[] = "alarm";
static volatile sig_atomic_t fired;

static void on_alarm(int s)
{
	(void)s;
	src[0] = 'A';
	fired = 1;
}

int main(void)
{
	signal(SIGALRM, on_alarm);
	alarm(1);
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	while (!fired)
		;
	memcpy(c, src, sizeof src);
	printf("%s\n", c);
	free(c);
	return 0;
}
