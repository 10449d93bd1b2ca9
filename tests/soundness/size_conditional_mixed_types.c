/* expect: refused
 * trap: the copy's size is a local defined by a conditional whose arms
 *   have different types (int and unsigned char): the local's type is
 *   unsigned char, so n = 260 is stored as 4.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[260];

static void run(int wide)
{
	unsigned char small = 7;
	int n = sizeof src;
	unsigned char m = wide ? n : small;
	char *p = calloc(wide ? n : small, 1); // site
	if (!p)
		return;
	memcpy(p, src, m);
	printf("%d %d %d\n", wide, p[0], wide ? p[200] : p[6]);
	free(p);
}

int main(void)
{
	memset(src, 'c', sizeof src);
	run(1);
	run(0);
	return 0;
}
