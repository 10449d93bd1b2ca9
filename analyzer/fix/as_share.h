/* as_share.h - the share fix for a copy stored into a location the
 * analysis sees every use of (as_share.c). */
#ifndef AS_SHARE_H
#define AS_SHARE_H

#include "as_draft.h"

/* A shared copy stored by assignment event store into an element of a
 * field or variable: why the location cannot hold it as a copy-on-write
 * reference, or NULL, the location's writes (made private first with
 * asrt_cow_mut_at(X, size_text, site)) and frees (released) then added to
 * d. size is the copy's size expression as parsed. */
const char *as_share_stored(struct as_fn *fn, const struct as_event *store, const struct as_family *fam,
			    CXCursor size, const char *size_text, const char *site, struct as_draft *d);

#endif
