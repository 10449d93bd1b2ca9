/* as_summary.h - a unit's helper functions summarised as rules. */
#ifndef AS_SUMMARY_H
#define AS_SUMMARY_H

#include <stdio.h>

#include "as_tu.h"

/* Fills tu->summaries from the unit's function definitions. */
void as_summaries_build(struct as_tu *tu);
/* The functions the unit calls but does not define (packs' aside), sealed
 * into out; -1 out of memory. */
int as_summary_callees(const struct as_tu *tu, struct as_names *out);
/* Every function the unit defines with external linkage, with its summary
 * and growth if it has any, appended to out; -1 out of memory. */
int as_summary_exports(struct as_tu *tu, struct as_exports *out);

/* Prints what the unit says of each definition of function name: its
 * summary in words and the helpers it is built on, or why it has none.
 * Returns how many definitions it found. */
int as_summary_explain(struct as_tu *tu, const char *name, FILE *out);
/* What summary r says of the function fn defines, in words naming its
 * parameters ("returns a fresh block of 8 * capa bytes (ruby_xmalloc) in
 * field ptr of a fresh object"), into buf; packs give family names. */
void as_summary_words(CXCursor fn, const struct as_rule *r, const struct as_rules *packs, char *buf, size_t n);

#endif
