/* expect: rewritten
 * sound: a timer's handler only calls write(2) on a pipe, and the unit
 *   maps no file and opens no stream on memory: the handler writes none
 *   of the program's memory, so the busy loop between the allocation and
 *   the copy, during which it runs, cannot change the source.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static char src[16] = "before";
static int fd;

static void on_alarm(int sig)
{
	(void)sig;
	if (write(fd, "after", 6) != 6)
		_exit(1);
}

int main(int argc, char **argv)
{
	int ends[2];
	struct itimerval t = { { 0, 0 }, { 0, 1000 } };
	unsigned long acc = (unsigned long)argc;

	(void)argv;
	if (pipe(ends))
		return 1;
	fd = ends[1];
	signal(SIGALRM, on_alarm);
	setitimer(ITIMER_REAL, &t, NULL);
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	for (unsigned long i = 0; i < 200000000UL; i++)
		acc = acc * 6364136223846793005UL + i;
	memcpy(p, src, sizeof src);
	printf("%s %d\n", p, acc != 0);
	free(p);
	return 0;
}
