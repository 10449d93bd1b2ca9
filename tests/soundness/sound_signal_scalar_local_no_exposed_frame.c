/* expect: rewritten
 * sound: the unit installs a SIGSEGV handler that writes the source, but
 *   the function holding the pair has no array and takes no local's
 *   address: its scalars cannot share a page the program has the address
 *   of, and a region that only computes on them cannot fault. The handler
 *   runs, by raise(), only after the copy.
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

static char *copy_of(int k)
{
	char *p = malloc(sizeof src); // site
	if (!p)
		return NULL;
	k = k * 3 + 1;
	memcpy(p, src, sizeof src);
	return k > 0 ? p : p;
}

int main(int argc, char **argv)
{
	(void)argv;
	signal(SIGSEGV, on_segv);
	char *p = copy_of(argc);
	if (!p)
		return 1;
	raise(SIGSEGV);
	printf("%s %s\n", p, src);
	free(p);
	return 0;
}
