/* expect: refused
 * trap: a timer's handler writes the source with an asm statement (an
 *   output operand, no assignment and no call in C) while a busy loop on
 *   locals runs between the allocation and the copy; the loop outlasts the
 *   timer, so the original copies what the handler wrote.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

static char src[16] = "before";

static void on_alarm(int sig)
{
	(void)sig;
	__asm__ volatile("movb $65, %0" : "=m"(src[0]));
}

int main(int argc, char **argv)
{
	struct itimerval t = { { 0, 0 }, { 0, 1000 } };
	unsigned long acc = (unsigned long)argc;

	(void)argv;
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
