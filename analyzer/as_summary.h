/* as_summary.h - a unit's helper functions summarised as rules. */
#ifndef AS_SUMMARY_H
#define AS_SUMMARY_H

#include "as_tu.h"

/* Fills tu->summaries from the unit's function definitions. */
void as_summaries_build(struct as_tu *tu);

#endif
