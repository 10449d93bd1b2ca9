/* as_detect.h - the detectors and what they share: each detector is one
 * file with one run function over a function's facts, listed once in
 * as_detectors.c. */
#ifndef AS_DETECT_H
#define AS_DETECT_H

#include "as_facts.h"
#include "as_finding.h"

/* Where findings go, and how the file is named in reports. */
struct as_sink {
	struct as_findings *list;
	int unit_clean; /* the unit being analysed parsed without errors */
	const char *(*display)(void *ctx, const char *path);
	/* The name a site tag gives the file: relative to the scanned tree, so
	 * rewritten code does not depend on where allocscan ran. */
	const char *(*site)(void *ctx, const char *path);
	void *display_ctx;
};

/* A finding being built; strings are arena-owned until as_emit copies them. */
struct as_draft {
	const char *rule;
	enum as_severity severity;
	const struct as_call *at; /* the reported site */
	const char *message;
	const struct as_call *alloc;
	const struct as_call *copy;
	const char *buffer, *source, *size, *family;
	int loop;                 /* innermost loop region, -1 if none */
	const char *fix, *reason, *fix_text;
	struct {
		unsigned begin, end;
		const char *text;
	} fixit[AS_MAX_FIXITS];
	int nfixits;
	int value;                 /* 0-100, see as_value.c */
	const char *value_reasons;
};

struct as_detector {
	const char *rule;
	void (*run)(struct as_fn *fn, struct as_sink *sink);
};

extern const struct as_detector as_detectors[];
extern const int as_ndetectors;

void as_emit(struct as_fn *fn, struct as_sink *sink, const struct as_draft *d);

/* True if an assignment to key a changes what key k names: a is k itself or
 * a prefix of its path (s changes s.buf and p[i]). */
int as_key_covers(const char *a, const char *k);
/* True if some leaf of the key k is a or a part of it. */
int as_key_leaf_covered(const char *a, const struct as_key *k);
/* True if the lvalue key k is one of the call's stored targets. */
int as_call_stores_to(const struct as_call *c, const char *k);
/* True if the assignment event stores (an expression holding) call c. */
int as_event_stores_call(struct as_fn *fn, const struct as_event *e, const struct as_call *c);
/* Name of the allocation family of the call's rule, or NULL. */
const struct as_family *as_call_family(const struct as_fn *fn, const struct as_call *c);
/* Text of a role argument as the user wrote it ("" when absent). */
const char *as_call_role_text(struct as_fn *fn, const struct as_call *c, int index);
/* The byte count of an alloc, copy or realloc as the user wrote it, with
 * count and element size joined ("sizeof(VALUE) * (n)"). */
const char *as_call_size_text(struct as_fn *fn, const struct as_call *c);
/* Fills a template such as "asrt_memdup($src, $size)". */
const char *as_fill_template(struct as_fn *fn, const char *tpl, const char *src, const char *ptr, const char *size,
			     const char *site);
/* The site tag a fix passes to the runtime: "file:line" of the original
 * site, as a C string literal, so ASRT_STATS reports per rewritten site. */
const char *as_site_literal(struct as_fn *fn, struct as_sink *sink, const struct as_call *c);

/* True if the function regrows a buffer that outlives the call by an
 * additive step, with no loop of its own (as_det_realloc_churn.c): the
 * reallocation's line and buffer text (arena) are filled. */
int as_churn_per_call(struct as_fn *fn, unsigned *line, const char **buffer);

/* Value estimates (as_value.c): base score and reasons in words. */
void as_value_alloc_copy(struct as_fn *fn, int alloc_ev, int copy_ev, struct as_draft *d);
void as_value_loop_site(struct as_fn *fn, struct as_draft *d, int base, const char *why);

/* Fix classes (as_fix.c). */
/* A reason or note in words, formatted into the function's arena. */
const char *as_fix_say(struct as_fn *fn, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds a fix-it to the draft; -1 when it holds AS_MAX_FIXITS already. */
int as_fix_edit(struct as_draft *d, unsigned begin, unsigned end, const char *text);
/* True if argument i of the call goes to a pointer-to-const parameter of
 * its prototype (not to the variadic part). */
int as_param_is_const_pointer(CXCursor call, int i);
/* A shared copy stored by assignment event store into an element of a
 * field or variable (as_share.c): why the location cannot hold it as a
 * copy-on-write reference, or NULL, the location's writes (made private
 * first with asrt_cow_mut_at(X, size_text, site)) and frees (released)
 * then added to d. size is the copy's size expression as parsed. */
const char *as_share_stored(struct as_fn *fn, const struct as_event *store, const struct as_family *fam,
			    CXCursor size, const char *size_text, const char *site, struct as_draft *d);
void as_fix_alloc_copy(struct as_fn *fn, int alloc_ev, int copy_ev, const char *site, struct as_draft *d);
void as_fix_grow(struct as_fn *fn, int realloc_ev, const char *site, struct as_draft *d);

#endif
