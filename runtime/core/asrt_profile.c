/* asrt_profile.c — the probes' profile, written at exit to the file
 * $ASRT_PROFILE names: one JSON record per probe site that counted
 * (docs/runtime-api.md, "Probes and profiles").
 *
 * "%p" in the name becomes the pid and "%%" a "%". Without %p every process
 * of a run writes the same file, so each one merges: it opens the file, takes
 * flock(LOCK_EX), adds the counts already there to its own, writes the sum to
 * a temporary file beside it and puts that in the file's place (the names
 * exchanged, the old file removed) before it lets go of the lock. A reader
 * never sees half a profile; a process that waited for the lock on a file
 * replaced meanwhile opens the path again. A process that counted nothing
 * leaves an existing file alone. When the directory takes no new file the
 * sum is written in place instead (a crash then leaves a file that no longer
 * parses: the next process keeps it and writes PATH.PID). */
#define _GNU_SOURCE /* flock, realpath, open_memstream, renameat2 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "asrt_core_internal.h"

static const char *const field_names[ASRT_FIELDS] = {
	[ASRT_PF_ALLOCS] = "allocs",
	[ASRT_PF_BYTES_ALLOC] = "bytes_alloc",
	[ASRT_PF_COPIES] = "copies",
	[ASRT_PF_BYTES_COPIED] = "bytes_copied",
	[ASRT_PF_REALLOCS] = "reallocs",
	[ASRT_PF_BYTES_REALLOC] = "bytes_realloc",
	[ASRT_PF_MOVES] = "moves",
	[ASRT_PF_BYTES_MOVED] = "bytes_moved",
	[ASRT_PF_DUPS] = "dups",
	[ASRT_PF_BYTES_DUP] = "bytes_dup",
	[ASRT_PF_LARGEST] = "largest",
};

struct record {
	const char *site;
	unsigned long long v[ASRT_FIELDS];
};

struct records {
	struct record *r;
	size_t n, cap;
	int oom;
};

static void records_add(struct records *rs, const char *site,
			const unsigned long long *v)
{
	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? rs->cap * 2 : 64;
		struct record *r = realloc(rs->r, cap * sizeof *r);
		if (!r) {
			rs->oom = 1;
			return;
		}
		rs->r = r;
		rs->cap = cap;
	}
	rs->r[rs->n].site = site;
	memcpy(rs->r[rs->n].v, v, sizeof rs->r[rs->n].v);
	rs->n++;
}

static int all_zero(const unsigned long long *v)
{
	for (unsigned f = 0; f < ASRT_FIELDS; f++)
		if (v[f])
			return 0;
	return 1;
}

static void collect(const char *site, enum asrt__core_kind kind,
		    const unsigned long long *totals, void *ctx)
{
	if (kind == ASRT_KIND_PROBE && !all_zero(totals))
		records_add(ctx, site, totals);
}

/* ----------------------------------------------------------- reading */

/* A strict reader of what profile_put writes (any spacing): anything else
 * is not a profile. Strings are unescaped in place, so records point into
 * the text. */
struct reader {
	char *p;
};

static void skip_space(struct reader *rd)
{
	while (*rd->p == ' ' || *rd->p == '\n' || *rd->p == '\t' || *rd->p == '\r')
		rd->p++;
}

static int eat(struct reader *rd, char c)
{
	skip_space(rd);
	if (*rd->p != c)
		return 0;
	rd->p++;
	return 1;
}

static int hex4(const char *s, unsigned *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9'   ? c - '0'
			: c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10
					       : -1;
		if (d < 0)
			return 0;
		*v = *v * 16 + (unsigned)d;
	}
	return 1;
}

static int read_string(struct reader *rd, char **out)
{
	if (!eat(rd, '"'))
		return 0;
	char *w = rd->p;
	*out = w;
	for (;;) {
		unsigned char c = (unsigned char)*rd->p++;
		if (c == '"') {
			*w = '\0';
			return 1;
		}
		if (c < 0x20) /* the end of the text, or a raw control */
			return 0;
		if (c != '\\') {
			*w++ = (char)c;
			continue;
		}
		c = (unsigned char)*rd->p++;
		unsigned u;
		switch (c) {
		case '"':
		case '\\':
		case '/':
			*w++ = (char)c;
			break;
		case 'b':
			*w++ = '\b';
			break;
		case 'f':
			*w++ = '\f';
			break;
		case 'n':
			*w++ = '\n';
			break;
		case 'r':
			*w++ = '\r';
			break;
		case 't':
			*w++ = '\t';
			break;
		case 'u': /* the writer escapes controls only */
			if (!hex4(rd->p, &u) || u == 0 || u >= 0x80)
				return 0;
			rd->p += 4;
			*w++ = (char)u;
			break;
		default:
			return 0;
		}
	}
}

static int read_number(struct reader *rd, unsigned long long *v)
{
	skip_space(rd);
	if (*rd->p < '0' || *rd->p > '9')
		return 0;
	*v = 0;
	while (*rd->p >= '0' && *rd->p <= '9') {
		unsigned d = (unsigned)(*rd->p++ - '0');
		if (*v > (ULLONG_MAX - d) / 10)
			return 0;
		*v = *v * 10 + d;
	}
	return 1;
}

static int read_site(struct reader *rd, struct records *rs)
{
	struct record r = { 0 };
	unsigned seen = 0; /* bit f for field f, bit ASRT_FIELDS for "site" */
	char *site = NULL;
	if (!eat(rd, '{'))
		return 0;
	do {
		char *key;
		if (!read_string(rd, &key) || !eat(rd, ':'))
			return 0;
		unsigned f = 0;
		while (f < ASRT_FIELDS && strcmp(key, field_names[f]) != 0)
			f++;
		if (f == ASRT_FIELDS && strcmp(key, "site") != 0)
			return 0;
		if (seen & (1u << f))
			return 0;
		seen |= 1u << f;
		if (f == ASRT_FIELDS ? !read_string(rd, &site) : !read_number(rd, &r.v[f]))
			return 0;
	} while (eat(rd, ','));
	if (!eat(rd, '}') || seen != (2u << ASRT_FIELDS) - 1)
		return 0;
	records_add(rs, site, r.v);
	return !rs->oom;
}

/* 1 if text is a profile: its sites go to rs, its run count to *runs. */
static int read_profile(char *text, struct records *rs,
			unsigned long long *runs)
{
	struct reader rd = { text };
	unsigned long long version = 0, pid;
	int have_version = 0, have_pid = 0, have_runs = 0, have_sites = 0;
	if (!eat(&rd, '{'))
		return 0;
	do {
		char *key;
		if (!read_string(&rd, &key) || !eat(&rd, ':'))
			return 0;
		int ok;
		if (strcmp(key, "asrt_profile") == 0 && !have_version)
			ok = have_version = read_number(&rd, &version) && version == 1;
		else if (strcmp(key, "pid") == 0 && !have_pid)
			ok = have_pid = read_number(&rd, &pid);
		else if (strcmp(key, "runs") == 0 && !have_runs)
			ok = have_runs = read_number(&rd, runs);
		else if (strcmp(key, "sites") == 0 && !have_sites) {
			ok = have_sites = eat(&rd, '[');
			if (ok && !eat(&rd, ']')) {
				do
					ok = read_site(&rd, rs);
				while (ok && eat(&rd, ','));
				ok = ok && eat(&rd, ']');
			}
		} else
			ok = 0;
		if (!ok)
			return 0;
	} while (eat(&rd, ','));
	if (!eat(&rd, '}') || !have_version || !have_pid || !have_runs || !have_sites)
		return 0;
	skip_space(&rd);
	return *rd.p == '\0';
}

/* ----------------------------------------------------------- writing */

static int by_site(const void *a, const void *b)
{
	return strcmp(((const struct record *)a)->site,
		      ((const struct record *)b)->site);
}

/* Sorts rs by site and adds up the records of one site. */
static void records_merge(struct records *rs)
{
	if (!rs->n)
		return;
	qsort(rs->r, rs->n, sizeof *rs->r, by_site);
	size_t w = 0;
	for (size_t i = 1; i < rs->n; i++) {
		struct record *a = &rs->r[w], *b = &rs->r[i];
		if (strcmp(a->site, b->site) != 0) {
			rs->r[++w] = *b;
			continue;
		}
		for (unsigned f = 0; f < ASRT_FIELDS; f++)
			a->v[f] = f == ASRT_FIELD_MAX ? (a->v[f] > b->v[f] ? a->v[f] : b->v[f])
						      : a->v[f] + b->v[f];
	}
	rs->n = w + 1;
}

/* The process writing, read once: glibc's getpid is a system call. */
static long my_pid;

/* The profile to fd, from the start of a buffer in one write where it can:
 * stdio on a dup of fd cost four more system calls per process. 0 or an
 * errno value. */
static int profile_put(int fd, const struct records *rs,
		       unsigned long long runs)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (!out)
		return errno;
	fprintf(out, "{\"asrt_profile\": 1, \"pid\": %ld, \"runs\": %llu, \"sites\": [",
		my_pid, runs);
	for (size_t i = 0; i < rs->n; i++) {
		fputs(i ? ",\n {\"site\": " : "\n {\"site\": ", out);
		asrt__core_json_string(out, rs->r[i].site);
		for (unsigned f = 0; f < ASRT_FIELDS; f++)
			fprintf(out, ", \"%s\": %llu", field_names[f], rs->r[i].v[f]);
		fputc('}', out);
	}
	fputs(rs->n ? "\n]}\n" : "]}\n", out);
	int err = ferror(out) ? ENOMEM : 0;
	if (fclose(out) != 0 && !err)
		err = ENOMEM;
	for (size_t done = 0; !err && done < len;) {
		ssize_t n = write(fd, text + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			err = n < 0 ? errno : EIO;
		else
			done += (size_t)n;
	}
	free(text);
	return err;
}

static void say_cannot(const char *path, int err)
{
	/* Nobody to return an error to at exit: say it once. */
	fprintf(stderr, "asrt: cannot write ASRT_PROFILE file %s: %s\n", path,
		strerror(err));
}

/* A fresh file at path holding rs; 0 or an errno value. */
static int write_new(const char *path, const struct records *rs,
		     unsigned long long runs)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return errno;
	int err = profile_put(fd, rs, runs);
	close(fd);
	return err;
}

/* The file at path, open and locked, still the one the path names; *link
 * says whether path itself is a symbolic link (then the file's real path is
 * what a merge replaces). */
static int open_locked(const char *path, struct stat *st, int *link)
{
	*link = 0;
	for (int attempt = 0; attempt < 100; attempt++) {
		int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0)
			return -1;
		struct stat now;
		/* Without flock (some network file systems) the merge goes unlocked. */
		while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
			;
		if (fstat(fd, st) != 0) {
			close(fd);
			return -1;
		}
		if (!S_ISREG(st->st_mode))
			return fd;
		/* lstat: the usual path is no link, and then its real path (a
		 * system call per component) is not needed. */
		int same = lstat(path, &now) == 0;
		*link = same && S_ISLNK(now.st_mode);
		if (*link)
			same = stat(path, &now) == 0;
		if (same && now.st_dev == st->st_dev && now.st_ino == st->st_ino)
			return fd;
		close(fd); /* renamed away while we waited: the new file's turn */
	}
	errno = EAGAIN;
	return -1;
}

/* All of fd's content, NUL-terminated, or NULL (errno set). */
static char *read_all(int fd, size_t size)
{
	char *text = malloc(size + 1);
	size_t got = 0;
	while (text && got < size) {
		ssize_t n = pread(fd, text + got, size - got, (off_t)got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	if (text)
		text[got] = '\0';
	return text;
}

/* Puts the file tmp at path, whose old file goes. A rename over an
 * existing file makes ext4 (auto_da_alloc) start writing the new one to
 * disk at once, for its safety after a crash: a disk write in every process
 * of a run. Exchanging the two names, then removing the old file, leaves the
 * writing to the kernel's usual writeback. 0 or an errno value. */
static int replace(const char *tmp, const char *path)
{
#ifdef RENAME_EXCHANGE
	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_EXCHANGE) == 0) {
		unlink(tmp); /* the old file now */
		return 0;
	}
#endif
	/* No exchange in this file system (or kernel): a plain rename. */
	return rename(tmp, path) == 0 ? 0 : errno;
}

/* rs with what the locked regular file fd at path holds, written back;
 * 0 or an errno value. */
static int merge_into(const char *path, int fd, const struct stat *st,
		      int link, struct records *rs)
{
	char *text = read_all(fd, (size_t)st->st_size);
	if (!text)
		return errno;
	unsigned long long runs = 0;
	size_t ours = rs->n;
	int err = 0;
	/* A NUL inside is not text, let alone a profile. */
	if (strlen(text) != (size_t)st->st_size ||
	    (st->st_size && !read_profile(text, rs, &runs))) {
		if (rs->oom) {
			err = ENOMEM;
			goto out;
		}
		rs->n = ours;
		char side[PATH_MAX];
		if (snprintf(side, sizeof side, "%s.%ld", path, my_pid) >=
		    (int)sizeof side) {
			err = ENAMETOOLONG;
			goto out;
		}
		records_merge(rs);
		err = write_new(side, rs, 1);
		if (err)
			say_cannot(side, err);
		else
			fprintf(stderr,
				"asrt: ASRT_PROFILE file %s is not a profile; kept it and wrote %s\n",
				path, side);
		err = 0;
		goto out;
	}
	records_merge(rs);
	runs++;
	char resolved[PATH_MAX], tmp[PATH_MAX + 32];
	const char *real = link ? realpath(path, resolved) : path;
	int tmp_fd = -1;
	if (real && snprintf(tmp, sizeof tmp, "%s.%ld.tmp", real, my_pid) < (int)sizeof tmp)
		tmp_fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW,
			      st->st_mode & 0777);
	if (tmp_fd >= 0) {
		err = profile_put(tmp_fd, rs, runs);
		close(tmp_fd);
		if (!err)
			err = replace(tmp, real);
		if (err)
			unlink(tmp);
		goto out;
	}
	/* No new file in the directory: over the old one, from the start. */
	err = profile_put(fd, rs, runs);
	off_t end = lseek(fd, 0, SEEK_CUR);
	if (!err && (end < 0 || ftruncate(fd, end) != 0))
		err = errno;
out:
	free(text);
	return err;
}

/* value with %p replaced by the pid and %% by %; 1 if it had a %p, -1 if
 * the result does not fit. */
static int expand(const char *value, char *path, size_t size)
{
	int has_pid = 0;
	size_t n = 0;
	for (const char *s = value; *s; s++) {
		char num[24];
		const char *add = num;
		if (s[0] == '%' && s[1] == 'p') {
			snprintf(num, sizeof num, "%ld", my_pid);
			has_pid = 1;
			s++;
		} else if (s[0] == '%' && s[1] == '%') {
			add = "%";
			s++;
		} else {
			num[0] = *s;
			num[1] = '\0';
		}
		size_t len = strlen(add);
		if (n + len >= size)
			return -1;
		memcpy(path + n, add, len);
		n += len;
	}
	path[n] = '\0';
	return has_pid;
}

void asrt__core_profile_write(void)
{
	const char *value = getenv("ASRT_PROFILE");
	if (!value || !*value)
		return;
	/* Asked for only when needed: a process with nothing to add makes no
	 * system call but a stat. */
	if (strstr(value, "%p"))
		my_pid = (long)getpid();
	char path[PATH_MAX];
	int has_pid = expand(value, path, sizeof path);
	if (has_pid < 0) {
		say_cannot(value, ENAMETOOLONG);
		return;
	}
	struct records rs = { 0 };
	asrt__core_sites_each(collect, &rs);
	int err = rs.oom ? ENOMEM : 0;
	struct stat st;
	/* Nothing to add to a profile there already: the file is left as it
	 * is (no lock, no rewrite), which most processes of a test suite that
	 * never reach a probed site can do. */
	if (!err && !rs.n && !has_pid && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		free(rs.r);
		return;
	}
	my_pid = (long)getpid();
	if (!err && has_pid) {
		records_merge(&rs);
		err = write_new(path, &rs, 1);
	} else if (!err) {
		int link;
		int fd = open_locked(path, &st, &link);
		if (fd < 0)
			err = errno;
		else if (!S_ISREG(st.st_mode)) { /* a device or a pipe: no merging */
			records_merge(&rs);
			err = profile_put(fd, &rs, 1);
		} else
			err = merge_into(path, fd, &st, link, &rs);
		if (fd >= 0)
			close(fd);
	}
	if (err)
		say_cannot(path, err);
	free(rs.r);
}
