/* expect: refused
 * trap: a setjmp between the allocation and the copy: the longjmp after the
 *   source changed runs the copy a second time; memdup at the allocation
 *   copies once.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf env;
static char buf[] = "jump0";

int main(void)
{
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	int k = setjmp(env);
	memcpy(p, buf, sizeof buf);
	printf("%d: %s\n", k, p);
	if (k == 0) {
		buf[4] = '1';
		longjmp(env, 1);
	}
	free(p);
	return 0;
}
