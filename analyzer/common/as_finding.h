/* as_finding.h - one reported site, as DESIGN.md defines a finding, and the
 * list the scan collects them in. */
#ifndef AS_FINDING_H
#define AS_FINDING_H

#include <pthread.h>
#include <stddef.h>

#include "as_hash.h"

enum as_severity {
	AS_SEV_WARNING,
	AS_SEV_INFO,
};

/* One byte-range replacement of a fix (clang-tidy's fix-it): the finding
 * carries the edits that apply its fix class. */
struct as_fixit {
	unsigned begin, end; /* byte offsets in the finding's file, end exclusive */
	char *text;
};

#define AS_MAX_FIXITS 8

struct as_finding {
	const char *rule;          /* "alloc-copy", "realloc-churn", "dup-call" */
	enum as_severity severity;
	char *file;
	unsigned line, col;        /* where the user wrote the site */
	unsigned begin, end;       /* byte offsets of the reported expression */
	char *function;
	char *message;
	char *alloc_expr;          /* allocation as written, or NULL */
	unsigned alloc_line;
	char *copy_expr;           /* copy, realloc or dup call as written */
	unsigned copy_line;
	char *buffer;              /* the buffer (lvalue) */
	char *source;              /* the source buffer, or NULL */
	char *size;                /* size expression as written */
	char *family;              /* allocation family, or NULL */
	int in_loop;
	unsigned loop_line;        /* innermost loop around the site, 0 if none */
	char *fix;                 /* "memdup", "share", "grow" or "manual" */
	char *reason;              /* why manual, or a note on the fix */
	char *fix_text;            /* the call the fix would emit, or NULL */
	int value;                 /* 0-100: how much fixing it is worth */
	char *value_reasons;
	struct as_fixit fixits[AS_MAX_FIXITS];
	int nfixits;
	char *path;                /* the file as libclang opened it (for edits) */
	unsigned long long content_hash; /* of the text the edits are against */
	int unit_clean;            /* its unit parsed without errors */
	/* A cross-function finding: the helpers on its path, one
	 * "ROLE\tFUNCTION\tFILE\tLINE\tWHAT\n" line each (ROLE "alloc" or
	 * "copy", each chain outermost first), NULL within one function. The
	 * fix site is the innermost helper of the first chain. */
	char *trace;
};

struct as_findings {
	struct as_finding *v;
	size_t n, cap;
	pthread_mutex_t lock;
};

void as_findings_init(struct as_findings *l);
/* Takes ownership of f's strings; safe to call from several threads. */
int as_findings_add(struct as_findings *l, const struct as_finding *f);
/* Sorts by file, line, column, rule and drops exact duplicates (a header's
 * inline function is seen from every unit that includes it). */
void as_findings_sort(struct as_findings *l);
/* Drops the findings whose value is below min (--min-value). */
void as_findings_keep_value(struct as_findings *l, int min);
size_t as_findings_count(const struct as_findings *l, const char *rule);
/* Hands every finding of from over to to; -1 (those left in from) out of
 * memory. */
int as_findings_move(struct as_findings *to, struct as_findings *from);
void as_findings_free(struct as_findings *l);

#endif
