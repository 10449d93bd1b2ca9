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

/* A site of the finding's file: the call as written (NULL if none) and its
 * line. */
struct as_site {
	char *expr;
	unsigned line;
};

/* What the probes of a site counted over the profiled runs (--profile):
 * the counters of asrt_probe.h, summed over the profiles given. */
#define AS_MEASURE_COUNTERS(X) \
	X(allocs)              \
	X(bytes_alloc)         \
	X(copies)              \
	X(bytes_copied)        \
	X(reallocs)            \
	X(bytes_realloc)       \
	X(moves)               \
	X(bytes_moved)         \
	X(dups)                \
	X(bytes_dup)
#define AS_MEASURE_MEMBER(name) unsigned long long name;

struct as_measure {
	int reached; /* 0: the profiles name the site and it never ran, or do not name it */
	AS_MEASURE_COUNTERS(AS_MEASURE_MEMBER)
	unsigned long long largest; /* bytes of the largest call */
};

/* Every field of a finding, once, in the order the JSON report shows them:
 * X(TYPE, name, JSON, json key, SARIF, sarif key or position).
 *
 * TYPE gives the member's C type, how it is freed, and how it travels
 * between a worker process and the scan (driver/as_wire.c):
 *   RULE   const char *, a rule id of detect/as_rule_table.c (not owned)
 *   SEV    enum as_severity
 *   STR    char *, owned, or NULL
 *   SITE   struct as_site, its expr owned
 *   UINT   unsigned;  INT  int;  FLAG  int, 0 or 1
 *   HASH   unsigned long long
 *   FIXITS struct as_fixit name[AS_MAX_FIXITS] and int n##name (the count)
 *   MEASURE struct as_measure *, owned, or NULL; set by the scan's process
 *          (--profile), never sent between processes
 * JSON is how report/as_report_json.c writes it under its key: STR, SEV,
 * UINT, INT, BOOL, SITE ({ expression, line } or null), COPY (a SITE whose
 * key is "realloc" for realloc-churn), LOOP_LINE (null outside a loop),
 * EDITS (the fix-its), PATH (a trace: "path", its steps, and "fix_site",
 * the step where the fix belongs, or null), or NONE (not shown).
 * SARIF is where report/as_report_sarif.c puts it: PROP (in the result's
 * properties, at the position given: 0 first), OPTPROP (the same, omitted
 * when NULL), or one of the result's own
 * members, written by hand there: RULE (ruleId, ruleIndex), LEVEL, RANK,
 * MESSAGE, LOCATION (location and logical location), RELATED (related
 * locations); FIX_SITE (a trace: the "fixSite" property at the position
 * given, omitted without a trace, and its steps as related locations and
 * a code flow, written by hand); NONE when not shown. The text report is prose
 * (report/as_report_text.c): it shows the site, message, rule, copy, loop,
 * fix, reason and value. */
#define AS_FINDING_FIELDS(X)                                                                                                              \
	X(RULE, rule, STR, "rule", RULE, 0) /* "alloc-copy", "realloc-churn", "dup-call" */                                               \
	X(SEV, severity, SEV, "severity", LEVEL, 0)                                                                                       \
	X(STR, file, STR, "file", LOCATION, 0)                                                                                            \
	X(UINT, line, UINT, "line", LOCATION, 0) /* where the user wrote the site */                                                      \
	X(UINT, col, UINT, "column", LOCATION, 0)                                                                                         \
	X(UINT, begin, NONE, "", NONE, 0) /* byte offsets of the reported expression */                                                   \
	X(UINT, end, NONE, "", NONE, 0)                                                                                                   \
	X(UINT, end_line, NONE, "", NONE, 0) /* where the reported expression ends (SARIF endLine/endColumn) */                           \
	X(UINT, end_col, NONE, "", NONE, 0)                                                                                               \
	X(STR, function, STR, "function", LOCATION, 0)                                                                                    \
	X(STR, message, STR, "message", MESSAGE, 0)                                                                                       \
	X(SITE, alloc, SITE, "allocation", RELATED, 0) /* allocation as written, or none */                                               \
	X(SITE, copy, COPY, "copy", RELATED, 0)        /* copy, realloc or dup call as written */                                         \
	X(STR, buffer, STR, "buffer", PROP, 4)         /* the buffer (lvalue) */                                                          \
	X(STR, source, STR, "source", PROP, 5)         /* the source buffer, or NULL */                                                   \
	X(STR, size, STR, "size", PROP, 6)             /* size expression as written */                                                   \
	X(STR, family, STR, "family", PROP, 7)         /* allocation family, or NULL */                                                   \
	X(FLAG, in_loop, BOOL, "in_loop", PROP, 9)                                                                                        \
	X(UINT, loop_line, LOOP_LINE, "loop_line", RELATED, 0) /* innermost loop around the site, 0 if none */                            \
	X(INT, value, INT, "value", RANK, 0)                   /* 0-100: how much fixing it is worth */                                   \
	X(STR, value_reasons, STR, "value_reasons", PROP, 3)                                                                              \
	X(STR, fix, STR, "fix", PROP, 0)           /* "memdup", "share", "grow" or "manual" */                                            \
	X(STR, fix_text, STR, "fix_text", PROP, 1) /* the call the fix would emit, or NULL */                                             \
	X(FIXITS, fixits, EDITS, "edits", NONE, 0)                                                                                        \
	X(STR, trace, PATH, "path", FIX_SITE, 8)                 /* helpers of a cross-function finding, or NULL */                       \
	X(STR, reason, STR, "reason", PROP, 2)                   /* why manual, or a note on the fix */                                   \
	X(STR, path, NONE, "", NONE, 0)                          /* the file as libclang opened it (for edits) */                         \
	X(HASH, content_hash, NONE, "", NONE, 0)                 /* of the text the edits are against */                                  \
	X(FLAG, unit_clean, NONE, "", NONE, 0)                   /* its unit parsed without errors */                                     \
	X(UINT, include_at, NONE, "", NONE, 0)                   /* where the runtime's #include goes, plus one; 0: unknown */            \
	X(UINT, includes, NONE, "", NONE, 0)                     /* AS_INCLUDES_*: runtime headers every configuration includes */        \
	X(STR, site_id, STR, "site_id", PROP, 10)                /* FILE:LINE:RULE#HASH: its probes' and profile's key */                 \
	X(FIXITS, probes, NONE, "", NONE, 0)                     /* the insertions of --instrument */                                     \
	X(MEASURE, measured, MEASURED, "measured", MEASURED, 11) /* counts of --profile, or NULL */                                       \
	X(STR, grower, NONE, "", NONE, 0)                        /* a loop calling a grower: its reallocation's REALPATH:LINE, or NULL */ \
	X(STR, callers, OPTSTR, "callers", OPTPROP, 12)          /* a grower: the loops that call it, or NULL */

/* trace: a cross-function finding's helpers on its path, one
 * "ROLE\tFUNCTION\tFILE\tLINE\tWHAT\n" line each (ROLE "alloc" or "copy",
 * each chain outermost first), NULL within one function. The fix site is
 * the innermost helper of the first chain. */

/* The runtime headers a file includes ahead of its code in every
 * configuration (the preprocessor's view: as_includes_header), for the
 * finding's includes. */
enum { AS_INCLUDES_ASRT = 1,
       AS_INCLUDES_PROBE = 2 };

/* SARIF properties: one more than the highest PROP position. */
#define AS_FINDING_SARIF_PROPS 13

#define AS_FINDING_MEMBER_RULE(name) const char *name;
#define AS_FINDING_MEMBER_SEV(name) enum as_severity name;
#define AS_FINDING_MEMBER_STR(name) char *name;
#define AS_FINDING_MEMBER_SITE(name) struct as_site name;
#define AS_FINDING_MEMBER_UINT(name) unsigned name;
#define AS_FINDING_MEMBER_INT(name) int name;
#define AS_FINDING_MEMBER_FLAG(name) int name;
#define AS_FINDING_MEMBER_HASH(name) unsigned long long name;
#define AS_FINDING_MEMBER_MEASURE(name) struct as_measure *name;
#define AS_FINDING_MEMBER_FIXITS(name)       \
	struct as_fixit name[AS_MAX_FIXITS]; \
	int n##name;
#define AS_FINDING_MEMBER(type, name, json, jkey, sarif, skey) AS_FINDING_MEMBER_##type(name)

struct as_finding {
	AS_FINDING_FIELDS(AS_FINDING_MEMBER)
};

struct as_findings {
	struct as_finding *v;
	size_t n, cap;
	pthread_mutex_t lock;
};

/* Frees the strings f owns (not f itself). */
void as_finding_free(struct as_finding *f);

void as_findings_init(struct as_findings *l);
/* Takes ownership of f's strings; safe to call from several threads. */
int as_findings_add(struct as_findings *l, const struct as_finding *f);
/* Sorts by file, line, column, rule and drops exact duplicates (a header's
 * inline function is seen from every unit that includes it). */
void as_findings_sort(struct as_findings *l);
/* Makes f manual with reason (taken over; NULL keeps f's own): its edits
 * are dropped, its fix class becomes "manual". */
void as_finding_refuse(struct as_finding *f, char *reason);
/* Drops the findings whose value is below min (--min-value). */
void as_findings_keep_value(struct as_findings *l, int min);
size_t as_findings_count(const struct as_findings *l, const char *rule);
/* Hands every finding of from over to to; -1 (those left in from) out of
 * memory. */
int as_findings_move(struct as_findings *to, struct as_findings *from);
void as_findings_free(struct as_findings *l);

#endif
