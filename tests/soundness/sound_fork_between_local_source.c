/* expect: any
 * sound: fork() between the allocation and the copy; the source is this
 *   function's own array, which neither process changes: each copies the
 *   same bytes whether before or after the fork. (Refused today: any call
 *   but a read-only one between the pair refuses, even for a private
 *   source.)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	char src[16] = "forked";
	fflush(stdout);
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	pid_t pid = fork();
	memcpy(p, src, sizeof src);
	if (pid < 0) {
		free(p);
		return 1;
	}
	if (pid == 0) {
		printf("child %s\n", p);
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	printf("parent %s\n", p);
	free(p);
	return 0;
}
