/* as_probe.h - the counting probes of --instrument (as_probe.c). */
#ifndef AS_PROBE_H
#define AS_PROBE_H

#include "as_draft.h"
#include "as_facts.h"
#include "as_finding.h"

/* Fills f's site_id ("FILE:LINE:RULE#HASH", FILE as site_path names it)
 * and its probes: the insertions that count its calls. f's rule and line
 * are set. A call the probes cannot reach unchanged gets none. */
void as_probe_plan(struct as_fn *fn, const char *site_path, const struct as_draft *d, struct as_finding *f);

#endif
