/* expect: refused
 * trap: the unit installs a SIGSEGV handler that writes the source, and
 *   the function takes the address of one local (handed to a call before
 *   the allocation); between the allocation and the copy it only computes
 *   on other scalar locals, whose address is never taken. Built without
 *   optimisation those live in the frame beside the one whose address the
 *   program has, on a page it may protect, and a load from them may fault
 *   into the handler.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[16] = "before";

static void on_segv(int sig)
{
	(void)sig;
	memcpy(src, "after", 6);
}

static void fill(int *out, int v)
{
	*out = v * 2;
}

int main(int argc, char **argv)
{
	int seed;

	(void)argv;
	signal(SIGSEGV, on_segv);
	fill(&seed, argc);
	int k = seed + 1;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	int j = k * 3 + argc;
	memcpy(p, src, sizeof src);
	printf("%s %d\n", p, j);
	free(p);
	return 0;
}
