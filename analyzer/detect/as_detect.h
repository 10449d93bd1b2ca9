/* as_detect.h - the rules and what their detectors share: each rule is one
 * row of as_detectors (as_detectors.c) and one detector file with one run
 * function over a function's facts. */
#ifndef AS_DETECT_H
#define AS_DETECT_H

#include "as_facts.h"
#include "as_finding.h"
#include "as_fix.h"
#include "as_names.h"

/* Where findings go, and how the file is named in reports. */
struct as_sink {
	struct as_findings *list;
	int unit_clean; /* the unit being analysed parsed without errors */
	const char *(*display)(void *ctx, const char *path);
	/* The name a site tag gives the file: relative to the scanned tree, so
	 * rewritten code does not depend on where allocscan ran. */
	const char *(*site)(void *ctx, const char *path);
	void *display_ctx;
	const struct as_detector *rule; /* the rule being run: its findings' id and level */
	/* What the analysis could not model, one line each (-v, JSON,
	 * SARIF notifications): a site it had to leave unchecked. */
	struct as_names *notices;
};

/* Adds "FILE:LINE: in function F: what" to the sink's notices. */
void as_notice(struct as_fn *fn, struct as_sink *sink, unsigned off, const char *what);

/* One rule: what the scan runs, the reports and --help say about it. */
struct as_detector {
	const char *rule;          /* its id: JSON "rule", SARIF ruleId, [rule] in text, tests/fixtures/RULE/ */
	enum as_severity severity; /* its findings' level (SARIF: warning or note) */
	const char *summary;       /* one sentence: SARIF shortDescription */
	const char *help;          /* why it matters and what fixes it: SARIF fullDescription */
	const char *usage;         /* what it matches, for --help: lines of at most 60 columns, the
				    * last of at most 43 */
	unsigned roles;            /* pack roles (1 << AS_ROLE_...) whose entries it looks for */
	const char *fixes;         /* fix classes it may propose, ", " between; "" for manual only */
	void (*run)(struct as_fn *fn, struct as_sink *sink);
};

extern const struct as_detector as_detectors[];
extern const int as_ndetectors;
/* The row of that id, or NULL. */
const struct as_detector *as_detector_find(const char *rule);

void as_emit(struct as_fn *fn, struct as_sink *sink, const struct as_draft *d);

/* Notices for the calls whose pack entry cannot describe them
 * (as_pack_check.c): run after the detectors, on the same facts. */
void as_check_pack_calls(struct as_fn *fn, struct as_sink *sink);

/* The site tag a fix passes to the runtime: "file:line" of the original
 * site, as a C string literal, so ASRT_STATS reports per rewritten site. */
const char *as_site_literal(struct as_fn *fn, struct as_sink *sink, const struct as_call *c);

/* True if the function regrows a buffer that outlives the call by an
 * additive step, with no loop of its own (as_det_realloc_churn.c): the
 * reallocation's line, buffer text (arena) and the index of the parameter
 * the buffer hangs from (-1 if none is known) are filled. */
int as_churn_per_call(struct as_fn *fn, unsigned *line, const char **buffer, int *param);

/* The allocation event whose block the fill at event c goes into, the
 * block's key being dst: the last allocation before c stored to dst, with
 * dst not reassigned nor stepped since, and region (the fill's) within the
 * allocation's with no loop between; -1 if none (as_det_alloc_copy.c). */
int as_alloc_paired(struct as_fn *fn, int c, int region, const char *dst);
/* alloc-copy written as a loop (as_alloc_loop.c): a fresh block filled
 * whole by a loop copying element by element (as_copy_loop). */
void as_detect_alloc_copy_loops(struct as_fn *fn, struct as_sink *sink);

/* Allocation event i read as the reallocation it writes out by hand
 * (as_hand_realloc.c): q = alloc(n), then the old buffer p copied into q,
 * p freed (but in a family no call frees: a pool) and p = q, in the
 * allocation's region. A call of role realloc whose pointer argument is p
 * (arena-owned), or NULL; *freed says whether p is freed. */
const struct as_call *as_hand_realloc(struct as_fn *fn, int i, int *freed);

/* True if object-copy event i copies the whole buffer of one object, as
 * the object-copy rule proves it (as_det_object_copy.c). */
int as_object_copy_whole(struct as_fn *fn, int i);

/* Growth of a reallocation by value (as_growth.c). */
enum as_growth {
	AS_GROWTH_NONE, /* the size does not grow from pass to pass */
	AS_GROWTH_UNKNOWN,
	AS_GROWTH_ADDITIVE,
	AS_GROWTH_GEOMETRIC,
};
/* A lower bound of k / base at event at (definitions reaching it within
 * region scope are followed): 0 if k does not grow with base, -1 if no
 * bound is known. */
double as_growth_factor(struct as_fn *fn, int at, int scope, const struct as_key *k, const struct as_key *base);
/* True if a guard on the path to reallocation event i (a branch around it,
 * or one before it that leaves) proves its new element count at least a
 * constant factor above 1 times the old capacity. */
int as_growth_guarded_geometric(struct as_fn *fn, int i, int scope);
/* True if a condition known at reallocation i puts its new count at most
 * the capacity the block is then recorded with (json-c's
 * array_list_shrink: if (new_size > arr->size) return ...; realloc to
 * new_size; arr->size = new_size): it never grows the block. */
int as_growth_shrinks(struct as_fn *fn, int i, int scope);
/* True if reallocation event i's new element count is a constant factor
 * above 1 times one of the counts it is made from (realloc(p, len * 2 *
 * sizeof *p)): regrown only when the room is used up, the block grows by
 * that factor. */
int as_growth_multiple(struct as_fn *fn, int i, int scope);
/* The value an update stores, as far as counts go: a pointer set to a
 * base plus an offset moves by its offset. */
struct as_key *as_growth_stored_key(struct as_fn *fn, CXCursor e);
/* True if reallocation event i runs only when an earlier reallocation of
 * the same buffer failed (if (!p) p = realloc(b, smaller)): a fallback, not
 * the growth policy. */
int as_growth_fallback(struct as_fn *fn, int i);
/* The need a loop raises self until it holds (while (len + room >= size)
 * size += 16: len + room), or NULL when its condition is no such
 * comparison. */
struct as_key *as_growth_loop_need(struct as_fn *fn, int loop, const struct as_key *self);
/* For a branch of an if whose condition (or one of its && conjuncts)
 * holds v short of a need (need > v), that need; NULL otherwise. */
struct as_key *as_growth_guard_need(struct as_fn *fn, int region, const struct as_key *self);
/* How assignment or increment event e changes the variable it updates. */
enum as_growth as_growth_update(struct as_fn *fn, int e, int scope);

/* Value estimates (as_value.c): base score and reasons in words. */
void as_value_alloc_copy(struct as_fn *fn, int alloc_ev, int copy_ev, struct as_draft *d);
/* The same filled by a copy loop of size bytes (as_alloc_loop.c). */
void as_value_copy_loop(struct as_fn *fn, struct as_draft *d, const struct as_key *size);
/* A copy constructor called on the whole buffer of an object (object-copy). */
void as_value_object_copy(struct as_fn *fn, struct as_draft *d);
void as_value_loop_site(struct as_fn *fn, struct as_draft *d, int base, const char *why);
/* A churn site behind a capacity guard: regrown every few passes. */
void as_value_guarded(struct as_fn *fn, struct as_draft *d);

#endif
