/* edit_oracle.c - reference walk and patch(1) round trip (edit_oracle.h). */
#define _POSIX_C_SOURCE 200809L
#include "edit_oracle.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "as_diff.h"
#include "as_write.h"

void eo_put(struct eo_buf *b, const void *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			abort();
	}
	if (n)
		memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

/* What the rewriter inserts, plus the line ends and empties that break
 * naive appliers and diffs. */
static const char *const pool[] = {
	"",
	"x",
	"\n",
	"\r\n",
	"asrt_memdup(s, n)",
	"#include \"asrt.h\"\n",
	"q;\n",
	"asrt_memdup(s, n);\n#include \"asrt.h\"\n",
};
#define POOL_N (sizeof pool / sizeof pool[0])

size_t eo_walk(const char *text, size_t len, eo_pick pick, void *ctx, struct eo_edit *v, size_t max,
	       struct eo_buf *want)
{
	size_t pos = 0, n = 0;
	long op, k, t;

	want->n = 0;
	eo_put(want, "", 0);
	while (n < max && (op = pick(ctx, 8)) >= 0) {
		if (op < 2 || (op < 4 && pos < len)) {
			if ((t = pick(ctx, POOL_N)) < 0)
				break;
			/* Insert (op 0-1) or replace 1..12 bytes (op 2-3). */
			k = 0;
			if (op >= 2) {
				if ((k = pick(ctx, 12)) < 0)
					break;
				k = 1 + k;
				if ((size_t)k > len - pos)
					k = (long)(len - pos);
			}
			v[n] = (struct eo_edit){ pos, pos + (size_t)k, pool[t], strlen(pool[t]) };
			eo_put(want, v[n].t, v[n].tl);
			n++;
			pos += (size_t)k;
			continue;
		}
		if (pos == len)
			break;
		/* Copy 1..32 bytes. */
		if ((k = pick(ctx, 32)) < 0)
			break;
		k = 1 + k;
		if ((size_t)k > len - pos)
			k = (long)(len - pos);
		eo_put(want, text + pos, (size_t)k);
		pos += (size_t)k;
	}
	eo_put(want, text + pos, len - pos);
	return n;
}

int eo_run(const char *dir, char *const argv[], const char *in, const char *out)
{
	int status;
	pid_t r, pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fi, fo;

		if (chdir(dir) < 0)
			_exit(126);
		fi = open(in, O_RDONLY);
		fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fi < 0 || fo < 0)
			_exit(126);
		dup2(fi, 0);
		dup2(fo, 1);
		dup2(fo, 2);
		execvp(argv[0], argv);
		_exit(127);
	}
	/* libFuzzer's SIGALRM (its -timeout clock) interrupts the wait. */
	while ((r = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		;
	if (r < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

int eo_write_file(const char *path, const char *p, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return -1;
	if (n && fwrite(p, 1, n, f) != n) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}

int eo_patch_round(const char *dir, const char *patch, const char *a, size_t alen, const char *b,
		   size_t blen, char *why, size_t whycap)
{
	char path[512], *got = NULL;
	size_t gotlen = 0;
	struct as_error err = { "" };
	FILE *f;
	int rc = -1;

	snprintf(path, sizeof path, "%s/src/f.c", dir);
	if (eo_write_file(path, a, alen) < 0)
		return snprintf(why, whycap, "cannot write %s", path), -1;
	snprintf(path, sizeof path, "%s/d.patch", dir);
	if (!(f = fopen(path, "wb")))
		return snprintf(why, whycap, "cannot write %s", path), -1;
	if (as_diff_unified(f, "a/src/f.c", "b/src/f.c", a, alen, b, blen, &err) < 0) {
		fclose(f);
		return snprintf(why, whycap, "diff failed: %s", err.msg), -1;
	}
	if (fclose(f))
		return snprintf(why, whycap, "cannot write %s", path), -1;
	/* Equal texts: no diff, nothing to apply. */
	if (alen == blen && !memcmp(a, b, alen))
		return 0;
	/* No fuzz, and a hunk applied at an offset is a failure too: the line
	 * numbers must be right, not merely the context. */
	if (eo_run(dir, (char *const[]){ (char *)patch, "-p1", "-f", "-F0", "--no-backup-if-mismatch", NULL },
		   "d.patch", "patch.out") != 0)
		return snprintf(why, whycap, "patch failed (see %s)", dir), -1;
	snprintf(path, sizeof path, "%s/patch.out", dir);
	if (as_read_file(path, &got, &gotlen, &err) < 0)
		snprintf(why, whycap, "cannot read %s: %s", path, err.msg);
	else if (strstr(got, "offset") || strstr(got, "fuzz"))
		snprintf(why, whycap, "patch needed an offset or fuzz (see %s)", dir);
	else
		rc = 0;
	free(got);
	if (rc < 0)
		return rc;
	got = NULL;
	snprintf(path, sizeof path, "%s/src/f.c", dir);
	if (as_read_file(path, &got, &gotlen, &err) < 0 || gotlen != blen || memcmp(got, b, blen) != 0) {
		snprintf(why, whycap, "patched text differs from the new text (see %s)", dir);
		rc = -1;
	}
	free(got);
	return rc;
}
