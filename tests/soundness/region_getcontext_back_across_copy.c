/* expect: refused
 * trap: getcontext returns twice, like setjmp: setcontext after the copy
 *   comes back between the allocation and the copy, and the copy runs
 *   again over a byte written since. A memdup copies once.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

static const char word[] = "context";
static ucontext_t uc;
static volatile int again;

int main(void)
{
	char *p = malloc(sizeof word); // site
	if (!p)
		return 1;
	getcontext(&uc);
	memcpy(p, word, sizeof word);
	printf("%s\n", p);
	if (!again) {
		again = 1;
		p[0] = 'C';
		setcontext(&uc);
	}
	free(p);
	return 0;
}
