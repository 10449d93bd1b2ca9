/* as_apply.c - findings' fix-its to edited files (see as_apply.h). */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700 /* dev_t, ino_t */
#endif
#include "as_apply.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "as_diff.h"
#include "as_edit.h"
#include "as_include.h"
#include "as_include_place.h"
#include "as_write.h"

int as_fix_classes(const char *list, unsigned *out, struct as_error *err)
{
	const char *p = list;

	*out = 0;
	while (*p) {
		size_t n = strcspn(p, ",");
		if (n == 6 && !strncmp(p, "memdup", 6))
			*out |= AS_FIX_MEMDUP;
		else if (n == 5 && !strncmp(p, "share", 5))
			*out |= AS_FIX_SHARE;
		else if (n == 4 && !strncmp(p, "grow", 4))
			*out |= AS_FIX_GROW;
		else
			return as_error_set(err, "--fix: unknown fix class '%.*s' (memdup, share, grow)", (int)n, p);
		p += n + (p[n] == ',');
	}
	return *out ? 0 : as_error_set(err, "--fix needs at least one class (memdup, share, grow)");
}

static unsigned class_bit(const char *fix)
{
	if (!strcmp(fix, "memdup"))
		return AS_FIX_MEMDUP;
	if (!strcmp(fix, "share"))
		return AS_FIX_SHARE;
	if (!strcmp(fix, "grow"))
		return AS_FIX_GROW;
	return 0;
}

/* Whether the file already has the header its edits need. The analyzer's
 * answer counts an include only when every configuration sees it ahead of
 * the code; the line scanner's (for findings without one) may take a
 * block shaped like an include guard for one. */
static int has_header(const struct as_finding *f, const char *buf, size_t len, int probes)
{
	if (f->include_at)
		return (f->includes & (probes ? AS_INCLUDES_PROBE : AS_INCLUDES_ASRT)) != 0;
	return as_has_include(buf, len, probes ? "asrt/asrt_probe.h" : "asrt/asrt.h");
}

/* The edits a run applies: the fix-its, or the probes of --instrument. */
static const struct as_fixit *edits_of(const struct as_finding *f, int probes, int *n)
{
	*n = probes ? f->nprobes : f->nfixits;
	return probes ? f->probes : f->fixits;
}

static int overlaps(const struct as_fixit *a, const struct as_fixit *b, int probes)
{
	/* Probes wrap calls and arguments: two sites' wrappers nest only when
	 * no insertion point is shared (their closing texts differ). */
	if (probes)
		return a->begin == b->begin;
	if (a->begin == a->end || b->begin == b->end)
		return a->begin > b->begin && a->begin < b->end; /* insertion strictly inside */
	return a->begin < b->end && b->begin < a->end;
}

/* The same site reached through another path (a symlink, a second unit):
 * the same byte ranges; the texts may differ only by the site tag. */
static int same_site(const struct as_finding *a, const struct as_finding *b, int probes)
{
	int na, nb;
	const struct as_fixit *ea = edits_of(a, probes, &na), *eb = edits_of(b, probes, &nb);

	if (na != nb)
		return 0;
	for (int i = 0; i < na; i++)
		if (ea[i].begin != eb[i].begin || ea[i].end != eb[i].end)
			return 0;
	return 1;
}

static int seen(const struct as_finding *x, const struct as_finding **taken, size_t ntaken, int probes)
{
	for (size_t t = 0; t < ntaken; t++)
		if (same_site(x, taken[t], probes))
			return 1;
	return 0;
}

/* Whether every edit of finding x stays clear of those already taken. */
static int clashes(const struct as_finding *x, const struct as_finding **taken, size_t ntaken, int probes)
{
	int nx, nt;
	const struct as_fixit *ex = edits_of(x, probes, &nx), *et;

	for (size_t t = 0; t < ntaken; t++) {
		et = edits_of(taken[t], probes, &nt);
		for (int i = 0; i < nx; i++)
			for (int j = 0; j < nt; j++)
				if (overlaps(&ex[i], &et[j], probes) || overlaps(&et[j], &ex[i], probes))
					return 1;
	}
	return 0;
}

/* True if path's real path is inside one of the roots (or there are none);
 * *real gets that real path (heap, the caller frees it) or NULL. */
static int within_roots(const char *path, const struct as_apply_opts *o, char **real)
{
	*real = NULL;
	if (!o->roots)
		return 1;
	if (!(*real = realpath(path, NULL)))
		return 0;
	for (size_t i = 0; i < o->nroots; i++) {
		size_t n = strlen(o->roots[i]);
		if (strncmp(*real, o->roots[i], n) == 0 &&
		    ((*real)[n] == '/' || (*real)[n] == '\0' || (n == 1 && o->roots[i][0] == '/')))
			return 1;
	}
	return 0;
}

/* Plans one file's fixes as every mode applies them and hands them to fn:
 * refused whole if its unit did not parse cleanly or its text changed; a
 * finding whose edits clash with one taken before it left out. */
static int plan_file(const struct as_finding *const *v, size_t n, const struct as_apply_opts *o, as_fix_visit fn,
		     void *ctx, struct as_apply_stats *st, struct as_error *err)
{
	const char *path = v[0]->file;
	const struct as_finding **taken = calloc(n, sizeof *taken);
	struct as_edits set;
	struct as_fix_file ff = { .path = path };
	char *buf;
	size_t len, ntaken = 0, before;
	int rc = 0, need_header = 0;

	if (!taken)
		return as_error_set(err, "out of memory");
	for (size_t i = 0; i < n; i++)
		if (!v[i]->unit_clean || v[i]->content_hash != v[0]->content_hash) {
			if (!o->silent)
				fprintf(stderr, "allocscan: not %s %s: %s\n", o->probes ? "instrumenting" : "fixing", path,
					v[i]->unit_clean ? "it changed between the scans of its paths"
							 : "its unit did not parse cleanly");
			st->sites_refused += n;
			free(taken);
			return 0;
		}
	if (o->write) {
		char *real;
		int in = within_roots(path, o, &real);
		if (!in) {
			if (!o->silent)
				fprintf(stderr, "allocscan: not %s %s: its real path %s is outside the paths given "
						"(a symbolic link out of the tree)\n",
					o->probes ? "instrumenting" : "fixing", path, real ? real : "(unresolved)");
			st->sites_refused += n;
		}
		free(real);
		if (!in) {
			free(taken);
			return 0;
		}
	}
	if (as_read_file(path, &buf, &len, err)) {
		free(taken);
		return -1;
	}
	if (as_text_hash(buf, len) != v[0]->content_hash) {
		if (!o->silent)
			fprintf(stderr, "allocscan: not %s %s: it changed since it was scanned\n",
				o->probes ? "instrumenting" : "fixing", path);
		st->sites_refused += n;
		goto out;
	}
	/* Probes on probes would count twice: a second run changes nothing. */
	if (o->probes && (as_has_include(buf, len, "asrt/asrt_probe.h") || (v[0]->includes & AS_INCLUDES_PROBE))) {
		fprintf(stderr, "allocscan: not instrumenting %s: it has probes already (it includes asrt/asrt_probe.h)\n",
			path);
		st->probes_left += n;
		goto out;
	}
	as_edits_init(&set);
	for (size_t i = 0; i < n; i++) {
		int ne;
		const struct as_fixit *e = edits_of(v[i], o->probes, &ne);
		if (seen(v[i], taken, ntaken, o->probes))
			continue;
		if (clashes(v[i], taken, ntaken, o->probes)) {
			if (!o->silent)
				fprintf(stderr, "allocscan: %s:%u: %s left out: its edits overlap another %s\n", path,
					v[i]->line, o->probes ? "probe" : "fix", o->probes ? "probe's (the same call)" : "fix's");
			if (o->probes)
				st->probes_left++;
			else
				st->sites_refused++;
			continue;
		}
		taken[ntaken++] = v[i];
		for (int k = 0; k < ne && !rc; k++)
			rc = as_edits_add(&set, e[k].begin, e[k].end, e[k].text, err);
	}
	before = set.n;
	for (size_t i = 0; i < ntaken && !need_header; i++) {
		int ne;
		const struct as_fixit *e = edits_of(taken[i], o->probes, &ne);
		for (int k = 0; k < ne; k++)
			need_header |= o->probes || as_text_calls_asrt(e[k].text);
	}
	if (!rc && need_header && !has_header(v[0], buf, len, o->probes)) {
		size_t at = as_include_place(v[0]->include_at, buf, len);
		if (!as_include_keeps_lines(buf, len, at)) {
			/* The analyzer refuses such a file's fixes already; probes
			 * (and a report of another version) meet it here. */
			if (!o->silent)
				fprintf(stderr,
					"allocscan: not %s %s: no blank line takes the runtime's #include and a #line "
					"before its place is conditional or names a macro: every later line would move "
					"down one\n",
					o->probes ? "instrumenting" : "fixing", path);
			if (o->probes)
				st->probes_left += ntaken;
			else
				st->sites_refused += ntaken;
			as_edits_free(&set);
			goto out;
		}
		/* An installed-style path a project's own asrt.h cannot shadow. */
		rc = as_include_add_at(&set, buf, len, at, o->probes ? "asrt/asrt_probe.h" : "asrt/asrt.h", 1, err);
	}
	if (!rc && set.n > before)
		ff.include = set.v[before]; /* its text stays the set's through the sort */
	if (!rc && ntaken)
		rc = as_edits_check(&set, len, err);
	if (!rc && ntaken) {
		ff.text = buf;
		ff.len = len;
		ff.fixed = taken;
		ff.nfixed = ntaken;
		ff.edits = &set;
		rc = fn(&ff, ctx, err);
		if (rc > 0) {
			/* Refused by fn (a file it cannot write): the others still
			 * get their fixes. */
			st->sites_refused += ntaken;
			rc = 0;
		} else if (!rc) {
			st->files_changed++;
			st->sites_fixed += ntaken;
		}
	}
	as_edits_free(&set);
out:
	free(buf);
	free(taken);
	return rc;
}

struct apply_to {
	const struct as_apply_opts *o;
	FILE *out;
};

/* --diff and --rewrite: the edited text written in place or as a diff. */
static int apply_file(const struct as_fix_file *ff, void *ctx, struct as_error *err)
{
	const struct as_apply_opts *o = ((struct apply_to *)ctx)->o;
	FILE *out = ((struct apply_to *)ctx)->out;
	char *text = NULL;
	size_t tlen;
	int rc = as_edits_apply((struct as_edits *)ff->edits, ff->text, ff->len, &text, &tlen, err);

	if (!rc && o->write) {
		if (as_write_atomic(ff->path, text, tlen, ff->fixed[0]->content_hash, err)) {
			fprintf(stderr, "allocscan: not %s %s\n", o->probes ? "instrumenting" : "fixing", err->msg);
			rc = 1;
		} else if (!o->quiet) {
			fprintf(stderr, "allocscan: %s %s: %zu site%s\n", o->probes ? "instrumented" : "rewrote", ff->path,
				ff->nfixed, ff->nfixed == 1 ? "" : "s");
		}
	} else if (!rc) {
		char a[4096], b[4096];
		snprintf(a, sizeof a, "a/%s", ff->path);
		snprintf(b, sizeof b, "b/%s", ff->path);
		rc = as_diff_unified(out, a, b, ff->text, ff->len, text, tlen, err);
	}
	free(text);
	return rc;
}

/* A file's identity: device and inode, so that every path reaching it (a
 * symbolic link, "sub/../a.c") groups its findings together and it is
 * written once. A path that cannot be stat'ed is grouped by its name
 * (reading it fails later with the reason). */
struct ident {
	int known;
	dev_t dev;
	ino_t ino;
};

static int same_file(const struct ident *a, const struct as_finding *fa, const struct ident *b,
		     const struct as_finding *fb)
{
	return a->known == b->known && (a->known ? a->dev == b->dev && a->ino == b->ino : !strcmp(fa->file, fb->file));
}

int as_fixes_each(const struct as_findings *f, const struct as_apply_opts *o, as_fix_visit fn, void *ctx,
		  struct as_apply_stats *st, struct as_error *err)
{
	struct ident *id = calloc(f->n + 1, sizeof *id);
	const struct as_finding **sel = calloc(f->n + 1, sizeof *sel), **grp = calloc(f->n + 1, sizeof *grp);
	char *done = calloc(f->n + 1, 1);
	size_t n = 0;
	int rc = 0;

	memset(st, 0, sizeof *st);
	if (!sel || !id || !grp || !done) {
		rc = as_error_set(err, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < f->n; i++)
		if (o->probes ? f->v[i].nprobes > 0 : (class_bit(f->v[i].fix) & o->classes) && f->v[i].nfixits) {
			struct stat sb;

			sel[n] = &f->v[i];
			id[n].known = stat(sel[n]->file, &sb) == 0;
			id[n].dev = id[n].known ? sb.st_dev : 0;
			id[n].ino = id[n].known ? sb.st_ino : 0;
			n++;
		}
	/* Files in scan order (by path), each named by its first path. */
	for (size_t i = 0; i < n && !rc; i++) {
		size_t g = 0;

		if (done[i])
			continue;
		for (size_t j = i; j < n; j++)
			if (!done[j] && same_file(&id[i], sel[i], &id[j], sel[j])) {
				grp[g++] = sel[j];
				done[j] = 1;
			}
		rc = plan_file(grp, g, o, fn, ctx, st, err);
	}
out:
	free(done);
	free(grp);
	free(id);
	free(sel);
	return rc;
}

int as_apply_fixes(const struct as_findings *f, const struct as_apply_opts *o, FILE *out,
		   struct as_apply_stats *st, struct as_error *err)
{
	struct apply_to to = { o, out };

	return as_fixes_each(f, o, apply_file, &to, st, err);
}
