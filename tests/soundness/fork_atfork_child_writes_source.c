/* expect: refused
 * trap: a pthread_atfork child handler writes the source; fork() between
 *   the allocation and the copy runs it in the child, whose copy must see
 *   the handler's bytes.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char src[16] = "parent";

static void in_child(void)
{
	memcpy(src, "child", 6);
}

int main(void)
{
	pthread_atfork(NULL, NULL, in_child);
	fflush(stdout);
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	memcpy(p, src, sizeof src);
	if (pid == 0) {
		printf("child copied %s\n", p);
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	printf("parent copied %s\n", p);
	free(p);
	return 0;
}
