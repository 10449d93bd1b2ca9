/* expect: refused
 * trap: a handler installed with sigaction siglongjmps past the copy when
 *   raise() runs between the pair: the original never copies and reports
 *   the block still unfilled; a memdup would have copied.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sigjmp_buf back;

static void jump(int sig)
{
	(void)sig;
	siglongjmp(back, 1);
}

int main(void)
{
	static const char src[] = "copied";
	char *volatile p = NULL;
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = jump;
	sigaction(SIGUSR1, &sa, NULL);
	if (sigsetjmp(back, 1) == 0) {
		p = calloc(1, sizeof src); // site
		if (!p)
			return 1;
		raise(SIGUSR1);
		memcpy(p, src, sizeof src);
	}
	printf("[%s]\n", p);
	free(p);
	return 0;
}
