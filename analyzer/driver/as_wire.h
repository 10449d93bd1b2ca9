/* as_wire.h - a unit's results as bytes, so that a worker process can hand
 * them to the scan that forked it (as_isolate.h). Structs travel field by
 * field, never as their bytes (whose padding is undefined): a finding as
 * AS_FINDING_FIELDS lists its fields, its rule by id. */
#ifndef AS_WIRE_H
#define AS_WIRE_H

#include <stddef.h>

#include "as_finding.h"
#include "as_names.h"
#include "as_program.h"

/* One unit's outcome of a pass, kept by the scan from pass to pass: what
 * a worker process sends back, and what a unit file holds (as_unit_file.h).
 * found must be initialised (as_findings_init) before use. */
struct as_result {
	struct as_findings found;
	struct as_exports exports; /* whole-program scans only */
	struct as_names callees;
	struct as_names notices; /* what the analysis could not model */
	unsigned long allocs;    /* pack allocator calls seen */
	int parsed, clean;
	int failed; /* did not parse, had errors, crashed or timed out */
	int lost;   /* crashed or timed out (never sent: the scan's own word) */
	char *log;  /* messages not printed yet, malloc'd, or NULL */
};

/* Frees what r owns; r is left empty (found initialised again). */
void as_result_free(struct as_result *r);

/* A growing buffer; oom is set (and stays) when it cannot grow. */
struct as_wire {
	char *p;
	size_t n, cap;
	int oom;
};

/* A message being read; bad is set (and stays) when it is truncated or
 * memory runs out, and every later read returns zeroes. */
struct as_wire_in {
	const char *p;
	size_t n, off;
	int bad;
};

void as_wire_put(struct as_wire *w, const void *data, size_t len);
void as_wire_put_int(struct as_wire *w, long long v);
void as_wire_put_str(struct as_wire *w, const char *s); /* s may be NULL */
void as_wire_put_findings(struct as_wire *w, const struct as_findings *l);
void as_wire_put_exports(struct as_wire *w, const struct as_exports *x);
/* One summary or grower (either may be NULL), as put_exports writes them. */
void as_wire_put_rule(struct as_wire *w, const struct as_rule *r);
void as_wire_put_grower(struct as_wire *w, const struct as_grower *g);
void as_wire_put_names(struct as_wire *w, const struct as_names *s);
void as_wire_put_result(struct as_wire *w, const struct as_result *r);
void as_wire_free(struct as_wire *w);

void as_wire_get(struct as_wire_in *r, void *data, size_t len);
long long as_wire_get_int(struct as_wire_in *r);
/* A malloc'd copy, or NULL (a NULL was sent, or r is bad). */
char *as_wire_get_str(struct as_wire_in *r);
/* Append what the put functions wrote to the (initialised) containers. */
void as_wire_get_findings(struct as_wire_in *r, struct as_findings *l);
void as_wire_get_exports(struct as_wire_in *r, struct as_exports *x);
void as_wire_get_names(struct as_wire_in *r, struct as_names *s);
/* Replaces all of res but lost with what as_wire_put_result wrote. */
void as_wire_get_result(struct as_wire_in *r, struct as_result *res);

#endif
