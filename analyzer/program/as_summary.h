/* as_summary.h - a unit's helper functions summarised as rules. */
#ifndef AS_SUMMARY_H
#define AS_SUMMARY_H

#include "as_tu.h"

/* Fills tu->summaries from the unit's function definitions. */
void as_summaries_build(struct as_tu *tu);
/* The functions the unit calls but does not define (packs' aside), sealed
 * into out; -1 out of memory. */
int as_summary_callees(const struct as_tu *tu, struct as_names *out);
/* Every function the unit defines with external linkage, with its summary
 * and growth if it has any, appended to out; -1 out of memory. */
int as_summary_exports(struct as_tu *tu, struct as_exports *out);

#endif
