#include "as_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *as_file_read(const char *path, size_t *len, struct as_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (!f) {
		as_error_set(err, "%s: %s", path, strerror(errno));
		return NULL;
	}
	/* Read until EOF rather than trust a size: a FIFO or /proc file has none. */
	do {
		if (n + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = (cap + 4096) * 2);
			if (!nb) {
				free(buf);
				fclose(f);
				as_error_set(err, "%s: out of memory", path);
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got);
	if (ferror(f)) {
		as_error_set(err, "%s: cannot read: %s", path, strerror(errno));
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

size_t *as_line_starts(const char *buf, size_t len, size_t *n)
{
	size_t count = 1, *v;

	for (size_t i = 0; i < len; i++)
		count += buf[i] == '\n';
	if (!(v = malloc(count * sizeof *v)))
		return NULL;
	*n = 0;
	v[(*n)++] = 0;
	for (size_t i = 0; i < len; i++)
		if (buf[i] == '\n')
			v[(*n)++] = i + 1;
	return v;
}

FILE *as_file_begin(const char *path, int keep_mode, char **tmp, struct as_error *err)
{
	size_t n = strlen(path) + 16;
	struct stat st;
	FILE *out = NULL;
	int fd;

	if (!(*tmp = malloc(n))) {
		as_error_set(err, "out of memory");
		return NULL;
	}
	snprintf(*tmp, n, "%s.XXXXXX", path);
	if ((fd = mkstemp(*tmp)) < 0 || !(out = fdopen(fd, "w"))) {
		as_error_set(err, "%s: cannot write a temporary beside it: %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(*tmp);
		}
		free(*tmp);
		*tmp = NULL;
		return NULL;
	}
	/* mkstemp's 0600, widened to the old file's mode, or a new file's. */
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, keep_mode && stat(path, &st) == 0 ? st.st_mode & 07777 : 0666 & ~mask);
	return out;
}

int as_file_commit(FILE *out, char *tmp, const char *path, const char *what, struct as_error *err)
{
	int bad = fflush(out) || ferror(out) || fsync(fileno(out));
	bad |= fclose(out) != 0;
	if (bad || rename(tmp, path)) {
		as_error_set(err, "%s: cannot write %s: %s", path, what, errno ? strerror(errno) : "write failed");
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

int as_file_replace(const char *path, const char *what, int (*fill)(FILE *out, void *ctx), void *ctx,
		    struct as_error *err)
{
	char *tmp;
	FILE *out = as_file_begin(path, 0, &tmp, err);

	if (!out)
		return -1;
	if (fill(out, ctx) != 0) {
		as_error_set(err, "%s: cannot write %s: %s", path, what, errno ? strerror(errno) : "write failed");
		fclose(out);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	return as_file_commit(out, tmp, path, what, err);
}
