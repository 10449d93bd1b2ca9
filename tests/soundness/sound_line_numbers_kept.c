/* expect: rewritten
 * sound: the rewrite keeps every line's number (issue 36): the include
 *   takes the place of the blank line after the last include, a removed
 *   copy leaves its lines empty and a call written over two lines keeps
 *   them, so __LINE__ after the sites expands as before: in a log line, in
 *   a table keyed by it, and in the message of an assert that fails.
 */
#define _POSIX_C_SOURCE 200809L
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define LOG(msg) printf("%s:%d: %s\n", __FILE__, __LINE__, msg)

static char *dup_one(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}

static char *dup_spread(const char *s,
			size_t n)
{
	char *p = malloc( // site
		n);
	if (!p)
		return NULL;
	memcpy(p,
	       s,
	       n);
	return p;
}

static const int where[] = { __LINE__, __LINE__ + 100 };

/* An assert that fails in a child: its message, which names the line, is
 * printed by the parent. */
static void failed_assert(int v)
{
	char msg[512];
	const char *at;
	ssize_t n;
	int fd[2], status;
	pid_t pid;

	fflush(stdout);
	if (pipe(fd) || (pid = fork()) < 0)
		return;
	if (pid == 0) {
		dup2(fd[1], 2);
		assert(v == 0);
		_exit(0);
	}
	close(fd[1]);
	n = read(fd[0], msg, sizeof msg - 1);
	close(fd[0]);
	waitpid(pid, &status, 0);
	msg[n > 0 ? n : 0] = '\0';
	at = strstr(msg, __FILE__ ":");
	printf("assert: %s", at ? at : "(no message)\n");
}

int main(void)
{
	char *a = dup_one("one", 4), *b = dup_spread("spread", 7);
	if (!a || !b)
		return 1;
	LOG(a);
	LOG(b);
	printf("%d %d %d\n", where[0], where[1], __LINE__);
	failed_assert(1);
	free(a);
	free(b);
	return 0;
}
