/* expect: any
 * trap: raise() runs a handler that writes the source between allocation
 *   and copy.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char src[] = "abcdefgh";
static void h(int s) { (void)s; src[0] = 'S'; }
int main(void)
{
	signal(SIGUSR1, h);
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	raise(SIGUSR1);
	memcpy(c, src, sizeof src);
	printf("%s\n", c);
	free(c);
	return 0;
}
