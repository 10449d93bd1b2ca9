/* expect: refused
 * trap: a timer's handler only calls write(2), which writes none of the
 *   program's memory, except that its descriptor is a file the program
 *   maps shared as the source: a busy loop on locals between the
 *   allocation and the copy outlasts the timer, and the original copies
 *   what the handler wrote through the file.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <unistd.h>

static char *src;
static int fd;

static void on_alarm(int sig)
{
	(void)sig;
	if (write(fd, "after", 6) != 6)
		_exit(1);
}

int main(int argc, char **argv)
{
	char name[] = "/tmp/allocscan-mapXXXXXX";
	struct itimerval t = { { 0, 0 }, { 0, 1000 } };
	unsigned long acc = (unsigned long)argc;

	(void)argv;
	fd = mkstemp(name);
	if (fd < 0)
		return 1;
	unlink(name);
	if (ftruncate(fd, 4096))
		return 1;
	src = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (src == MAP_FAILED)
		return 1;
	strcpy(src, "before");
	signal(SIGALRM, on_alarm);
	setitimer(ITIMER_REAL, &t, NULL);
	char *p = malloc(16); // site
	if (!p)
		return 1;
	for (unsigned long i = 0; i < 200000000UL; i++)
		acc = acc * 6364136223846793005UL + i;
	memcpy(p, src, 16);
	printf("%s %d\n", p, acc != 0);
	free(p);
	return 0;
}
