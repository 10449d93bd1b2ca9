/* as_write_atomic: content replaced, permissions and owner kept, a changed
 * file refused untouched, read-only files and directories refused, symbolic
 * links followed, hard links refused, and never a temporary left behind. */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "as_write.h"
#include "check.h"

static char dir[64];

static void path_of(char *dst, size_t cap, const char *name)
{
	snprintf(dst, cap, "%s/%s", dir, name);
}

static void put_file(const char *name, const char *text, mode_t mode)
{
	char p[256];
	FILE *f;

	path_of(p, sizeof p, name);
	unlink(p);
	f = fopen(p, "wb");
	if (!f) {
		perror(p);
		exit(1);
	}
	fputs(text, f);
	fclose(f);
	chmod(p, mode);
}

/* The file's content equals want. */
static int holds(const char *name, const char *want)
{
	char p[256], *buf;
	size_t len;
	struct as_error err;
	int ok;

	path_of(p, sizeof p, name);
	if (as_read_file(p, &buf, &len, &err) < 0)
		return 0;
	ok = len == strlen(want) && memcmp(buf, want, len) == 0;
	free(buf);
	return ok;
}

/* Number of entries in the directory besides . and .. */
static int entries(const char *d)
{
	DIR *dp = opendir(d);
	struct dirent *e;
	int n = 0;

	if (!dp)
		return -1;
	while ((e = readdir(dp)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(dp);
	return n;
}

static unsigned long long H(const char *s)
{
	return as_text_hash(s, strlen(s));
}

static int write_to(const char *name, const char *data, unsigned long long h, struct as_error *err)
{
	char p[256];

	path_of(p, sizeof p, name);
	err->msg[0] = '\0';
	return as_write_atomic(p, data, strlen(data), h, err);
}

int main(void)
{
	struct as_error err;
	struct stat st, st2;
	char p[256], q[256];

	strcpy(dir, "/tmp/as-write-XXXXXX");
	if (!mkdtemp(dir))
		return perror("mkdtemp"), 1;
	chmod(dir, 0755);

	/* Replaced, permissions kept (including the set-group-id bit). */
	put_file("a.c", "old\n", 0640);
	path_of(p, sizeof p, "a.c");
	chmod(p, 02751);
	stat(p, &st);
	EXPECT(write_to("a.c", "new text\n", H("old\n"), &err) == 0);
	EXPECT(holds("a.c", "new text\n"));
	stat(p, &st2);
	EXPECT((st2.st_mode & 07777) == 02751);
	EXPECT(st2.st_ino != st.st_ino); /* a new file, renamed over */
	EXPECT(entries(dir) == 1);
	/* Empty content both ways. */
	EXPECT(write_to("a.c", "", H("new text\n"), &err) == 0 && holds("a.c", ""));
	EXPECT(write_to("a.c", "back\n", H(""), &err) == 0 && holds("a.c", "back\n"));

	/* The same content again: success, nothing written, read-only or not. */
	stat(p, &st);
	EXPECT(write_to("a.c", "back\n", H("back\n"), &err) == 0 && holds("a.c", "back\n"));
	stat(p, &st2);
	EXPECT(st2.st_ino == st.st_ino);

	/* Changed since the scan: refused, file untouched (same inode too). */
	stat(p, &st);
	EXPECT(write_to("a.c", "other\n", H("old\n"), &err) == -1);
	EXPECT(strstr(err.msg, "changed since it was scanned") != NULL);
	EXPECT(holds("a.c", "back\n"));
	stat(p, &st2);
	EXPECT(st2.st_ino == st.st_ino && st2.st_mtime == st.st_mtime);
	EXPECT(entries(dir) == 1);

	/* Read-only: refused, untouched. */
	put_file("ro.c", "x\n", 0444);
	EXPECT(write_to("ro.c", "y\n", H("x\n"), &err) == -1);
	EXPECT(strstr(err.msg, "read-only") != NULL);
	EXPECT(holds("ro.c", "x\n"));
	EXPECT(write_to("ro.c", "x\n", H("x\n"), &err) == 0);
	EXPECT(entries(dir) == 2);

	/* Missing file and directory: errors, nothing created. */
	EXPECT(write_to("missing.c", "y\n", H(""), &err) == -1 && strstr(err.msg, "missing.c"));
	path_of(q, sizeof q, "sub");
	mkdir(q, 0755);
	EXPECT(write_to("sub", "y\n", H(""), &err) == -1 && strstr(err.msg, "not a regular file"));
	rmdir(q);
	EXPECT(entries(dir) == 2);

	/* A symbolic link: its target is replaced, the link stays a link. */
	path_of(q, sizeof q, "link.c");
	EXPECT(symlink("a.c", q) == 0);
	EXPECT(write_to("link.c", "via link\n", H("back\n"), &err) == 0);
	EXPECT(holds("a.c", "via link\n"));
	EXPECT(lstat(q, &st) == 0 && S_ISLNK(st.st_mode));
	unlink(q);

	/* A hard link: refused, both names untouched. */
	path_of(q, sizeof q, "hard.c");
	EXPECT(link(p, q) == 0);
	EXPECT(write_to("a.c", "z\n", H("via link\n"), &err) == -1 && strstr(err.msg, "hard links"));
	EXPECT(holds("a.c", "via link\n") && holds("hard.c", "via link\n"));
	unlink(q);
	EXPECT(entries(dir) == 2);

	/* Binary content with NUL bytes round-trips. */
	EXPECT(as_write_atomic(p, "a\0b", 3, H("via link\n"), &err) == 0);
	{
		char *buf;
		size_t len;

		EXPECT(as_read_file(p, &buf, &len, &err) == 0 && len == 3 && memcmp(buf, "a\0b", 3) == 0);
		free(buf);
	}
	put_file("a.c", "plain\n", 0644);

	if (geteuid() == 0) {
		/* Owner and group kept (only root can make the file someone else's). */
		put_file("own.c", "o\n", 0664);
		path_of(q, sizeof q, "own.c");
		EXPECT(chown(q, 65534, 65534) == 0);
		EXPECT(write_to("own.c", "o2\n", H("o\n"), &err) == 0);
		EXPECT(stat(q, &st) == 0 && st.st_uid == 65534 && st.st_gid == 65534 && (st.st_mode & 07777) == 0664);
		/* As an unprivileged user: a writable file in a directory it cannot
		 * write is refused, and a file it may not write is read-only. */
		path_of(q, sizeof q, "locked");
		mkdir(q, 0755);
		path_of(q, sizeof q, "locked/f.c");
		put_file("locked/f.c", "l\n", 0666);
		put_file("theirs.c", "t\n", 0644);
		path_of(q, sizeof q, "shared");
		mkdir(q, 0777);
		chmod(q, 0777);
		put_file("shared/g.c", "g\n", 0664);
		path_of(q, sizeof q, "shared/g.c");
		EXPECT(chown(q, 65534, 0) == 0);
		fflush(NULL);
		{
			pid_t pid = fork();
			int status = 0;

			if (pid == 0) {
				char t[256];
				int bad = 0;

				if (setgid(65534) < 0 || setuid(65534) < 0)
					_exit(3);
				if (write_to("locked/f.c", "m\n", H("l\n"), &err) != -1 || !strstr(err.msg, "its directory is read-only")) {
					fprintf(stderr, "locked dir: %s\n", err.msg);
					bad = 1;
				}
				if (write_to("theirs.c", "m\n", H("t\n"), &err) != -1 || !strstr(err.msg, "read-only")) {
					fprintf(stderr, "root's file: %s\n", err.msg);
					bad = 1;
				}
				/* Its own file, but root's group: the group cannot be kept,
				 * and the temporary already made is removed. */
				if (write_to("shared/g.c", "m\n", H("g\n"), &err) != -1 ||
				    !strstr(err.msg, "cannot keep its owner and group")) {
					fprintf(stderr, "root's group: %s\n", err.msg);
					bad = 1;
				}
				path_of(t, sizeof t, "shared");
				if (entries(t) != 1) {
					fprintf(stderr, "a temporary was left in %s\n", t);
					bad = 1;
				}
				_exit(bad ? 1 : 0);
			}
			EXPECT(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
		}
		EXPECT(holds("locked/f.c", "l\n") && holds("theirs.c", "t\n") && holds("shared/g.c", "g\n"));
		path_of(q, sizeof q, "locked");
		EXPECT(entries(q) == 1);
	} else {
		printf("not root: owner and unprivileged-user cases skipped\n");
	}

	/* Nothing but the files the test made. */
	{
		DIR *dp = opendir(dir);
		struct dirent *e;

		while (dp && (e = readdir(dp)))
			if (!EXPECT(strstr(e->d_name, ".asrw-") == NULL))
				fprintf(stderr, "temporary left: %s\n", e->d_name);
		if (dp)
			closedir(dp);
	}
	if (check_failures == 0) {
		snprintf(p, sizeof p, "rm -rf '%s'", dir);
		if (system(p) != 0)
			fprintf(stderr, "cannot remove %s\n", dir);
	} else {
		fprintf(stderr, "left %s for inspection\n", dir);
	}
	return check_status("test_write");
}
