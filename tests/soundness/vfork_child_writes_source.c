/* expect: refused
 * trap: a vfork child shares the parent's memory until it exits: its
 *   store to the source between the pair is the parent's.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	static char buf[] = "vforked";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	pid_t pid = vfork();
	if (pid == 0) {
		buf[0] = 'V';
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
