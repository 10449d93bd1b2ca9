/* as_fix.h - which fix class a finding qualifies for (as_fix.c): the
 * detectors hand a draft over, the fix fills its class, reason and
 * fix-its. */
#ifndef AS_FIX_H
#define AS_FIX_H

#include "as_draft.h"

void as_fix_alloc_copy(struct as_fn *fn, int alloc_ev, int copy_ev, const char *site, struct as_draft *d);
void as_fix_grow(struct as_fn *fn, int realloc_ev, const char *site, struct as_draft *d);

#endif
