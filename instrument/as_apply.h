/* as_apply.h - applying the fix-its of a scan's findings: per file, the
 * edits of every finding whose fix class was asked for, plus the include of
 * asrt.h, as a unified diff (--diff) or written in place (--rewrite). */
#ifndef AS_APPLY_H
#define AS_APPLY_H

#include <stdio.h>

#include "as_edit.h"
#include "as_error.h"
#include "as_finding.h"

enum {
	AS_FIX_MEMDUP = 1 << 0,
	AS_FIX_SHARE = 1 << 1,
	AS_FIX_GROW = 1 << 2,
	AS_FIX_ALL = AS_FIX_MEMDUP | AS_FIX_SHARE | AS_FIX_GROW,
};

struct as_apply_opts {
	int write;        /* 0: diff to out; 1: rewrite the files in place */
	unsigned classes; /* AS_FIX_* bits */
	int quiet;        /* no "rewrote FILE" line per file (refusals stay) */
	int probes;       /* --instrument: the findings' probes, not their fixes */
	int silent;       /* no line for the refusals either (SARIF's fixes) */
	/* Real paths of the trees a write may land in (NULL: no check): a file
	 * whose real path is outside them (a symbolic link out of the tree) is
	 * refused. */
	char *const *roots;
	size_t nroots;
};

struct as_apply_stats {
	size_t files_changed;
	size_t sites_fixed;
	size_t sites_refused; /* their file did not parse, changed, or edits clashed */
	size_t probes_left;   /* probes that would wrap a call another site's probes wrap */
};

/* Parses "memdup,share,grow" into AS_FIX_* bits; -1 on an unknown class. */
int as_fix_classes(const char *list, unsigned *out, struct as_error *err);
/* Applies the findings' fixes (sorted by file, as a scan leaves them).
 * Findings are grouped per file by device and inode, so a file reached by
 * several paths is edited once, named by its first path; the same site seen
 * through two paths is applied once. A file is left alone, with one line on stderr, if its unit did not
 * parse cleanly, its text changed since the scan, it cannot be written
 * (read-only) or, when writing, its real path is outside o->roots: refusals are counted. Returns -1 on a file it cannot read or
 * a diff it cannot write. */
int as_apply_fixes(const struct as_findings *f, const struct as_apply_opts *o, FILE *out,
		   struct as_apply_stats *st, struct as_error *err);

/* One file's fixes as --diff and --rewrite apply them: its text as scanned,
 * the findings fixed (pointers into the scan's list) and their edits, checked
 * and sorted, the include of asrt.h among them. */
struct as_fix_file {
	const char *path; /* as the findings name it */
	const char *text;
	size_t len;
	const struct as_finding *const *fixed;
	size_t nfixed;
	const struct as_edits *edits;
	struct as_edit include; /* the include added (text NULL: the file has it) */
};

/* Returns 0, 1 to refuse the file (its sites are counted refused) or -1
 * with err filled, which stops the walk. */
typedef int (*as_fix_visit)(const struct as_fix_file *ff, void *ctx, struct as_error *err);

/* Hands fn every file as_apply_fixes would change, with the same choices
 * and refusals (said on stderr and counted in st), and changes nothing
 * itself: --export-fixes and SARIF's fixes show what --rewrite does. */
int as_fixes_each(const struct as_findings *f, const struct as_apply_opts *o, as_fix_visit fn, void *ctx,
		  struct as_apply_stats *st, struct as_error *err);

#endif
