#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700 /* realpath, mkstemp, fchown, fsync */
#endif
#include "as_write.h"

#include "as_grow.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads an open descriptor to its end into a malloc'd, NUL-terminated
 * buffer. */
static int read_fd(int fd, const char *path, char **buf, size_t *len, struct as_error *err)
{
	size_t cap = 0, n = 0;
	char *b = NULL;

	*buf = NULL;
	*len = 0;
	for (;;) {
		ssize_t r;

		/* Room for a read and the NUL. */
		if (as_grow(&b, &cap, n + 4096 + 1, 1)) {
			free(b);
			return as_error_set(err, "out of memory");
		}
		r = read(fd, b + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			as_error_set(err, "%s: cannot read: %s", path, strerror(errno));
			free(b);
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

int as_read_file(const char *path, char **buf, size_t *len, struct as_error *err)
{
	int fd, rc;

	*buf = NULL;
	*len = 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return as_error_set(err, "%s: cannot open: %s", path, strerror(errno));
	rc = read_fd(fd, path, buf, len, err);
	close(fd);
	return rc;
}

static int write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t w = write(fd, data, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		data += w;
		len -= (size_t)w;
	}
	return 0;
}

/* Fails with the mismatch message unless the file at real still hashes to
 * expect; sets *same if it already holds data[0, len). */
static int check_unchanged(const char *real, const char *path, unsigned long long expect,
			   const char *data, size_t len, int *same, struct as_error *err)
{
	char *cur;
	size_t n;
	unsigned long long h;

	if (as_read_file(real, &cur, &n, err) < 0)
		return -1;
	h = as_text_hash(cur, n);
	*same = n == len && (len == 0 || memcmp(cur, data, len) == 0);
	free(cur);
	if (h != expect)
		return as_error_set(err, "%s: changed since it was scanned", path);
	return 0;
}

int as_write_atomic(const char *path, const char *data, size_t len, unsigned long long expect_hash,
		    struct as_error *err)
{
	char *real = NULL, *tmp = NULL, *slash;
	const char *dir, *base;
	struct stat st, tst;
	int fd = -1, dfd, rc = -1, made = 0, renamed = 0, same;
	size_t need;

	real = realpath(path, NULL);
	if (!real)
		return as_error_set(err, "%s: %s", path, strerror(errno));
	if (stat(real, &st) < 0) {
		as_error_set(err, "%s: %s", path, strerror(errno));
		goto done;
	}
	if (!S_ISREG(st.st_mode)) {
		as_error_set(err, "%s: not a regular file", path);
		goto done;
	}
	if (check_unchanged(real, path, expect_hash, data, len, &same, err) < 0)
		goto done;
	if (same) {
		rc = 0; /* nothing to write: the file keeps its inode and times */
		goto done;
	}
	if (st.st_nlink > 1) {
		as_error_set(err, "%s: has %lu hard links; replacing it would split them", path,
			     (unsigned long)st.st_nlink);
		goto done;
	}
	if (!(st.st_mode & S_IWUSR) || access(real, W_OK) != 0) {
		as_error_set(err, "%s: read-only", path);
		goto done;
	}
	/* real is absolute: it has a slash, the directory is before it. */
	need = strlen(real) + sizeof "/..asrw-XXXXXX";
	tmp = malloc(need);
	if (!tmp) {
		as_error_set(err, "out of memory");
		goto done;
	}
	slash = strrchr(real, '/');
	*slash = '\0';
	dir = slash == real ? "/" : real;
	base = slash + 1;
	/* The file is named, not its directory (the user named the file), and
	 * a directory without its owner's write bit is read-only even to root,
	 * as a file is. */
	if (access(dir, W_OK | X_OK) != 0 || stat(dir, &tst) < 0 || !(tst.st_mode & S_IWUSR)) {
		as_error_set(err, "%s: its directory is read-only", path);
		*slash = '/';
		goto done;
	}
	snprintf(tmp, need, "%s/.%s.asrw-XXXXXX", slash == real ? "" : real, base);
	*slash = '/';
	fd = mkstemp(tmp);
	if (fd < 0) {
		as_error_set(err, "%s: cannot create a temporary in the directory: %s", path, strerror(errno));
		goto done;
	}
	made = 1;
	if (fstat(fd, &tst) < 0) {
		as_error_set(err, "%s: %s", tmp, strerror(errno));
		goto done;
	}
	if ((tst.st_uid != st.st_uid || tst.st_gid != st.st_gid) && fchown(fd, st.st_uid, st.st_gid) < 0) {
		as_error_set(err, "%s: cannot keep its owner and group: %s", path, strerror(errno));
		goto done;
	}
	/* After fchown, which may clear the set-id bits. */
	if (fchmod(fd, st.st_mode & 07777) < 0) {
		as_error_set(err, "%s: cannot keep its permissions: %s", path, strerror(errno));
		goto done;
	}
	if (write_all(fd, data, len) < 0) {
		as_error_set(err, "%s: cannot write: %s", path, strerror(errno));
		goto done;
	}
	if (fsync(fd) < 0) {
		as_error_set(err, "%s: cannot sync: %s", path, strerror(errno));
		goto done;
	}
	if (close(fd) < 0) {
		fd = -1;
		as_error_set(err, "%s: cannot write: %s", path, strerror(errno));
		goto done;
	}
	fd = -1;
	/* Narrow the window between the first check and the rename. */
	if (check_unchanged(real, path, expect_hash, data, len, &same, err) < 0)
		goto done;
	if (rename(tmp, real) < 0) {
		as_error_set(err, "%s: cannot replace: %s", path, strerror(errno));
		goto done;
	}
	renamed = 1;
	*slash = '\0';
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0 || (fsync(dfd) < 0 && errno != EINVAL && errno != ENOTSUP)) {
		as_error_set(err, "%s: replaced, but syncing its directory failed: %s", path, strerror(errno));
		*slash = '/';
		if (dfd >= 0)
			close(dfd);
		goto done;
	}
	*slash = '/';
	close(dfd);
	rc = 0;
done:
	if (fd >= 0)
		close(fd);
	if (made && !renamed)
		unlink(tmp);
	free(tmp);
	free(real);
	return rc;
}
