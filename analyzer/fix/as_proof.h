/* as_proof.h - the proof obligations of moving a copy into its allocation
 * (docs/fix-classes.md), checked on the function's control-flow graph. */
#ifndef AS_PROOF_H
#define AS_PROOF_H

#include "as_facts.h"

/* Why replacing allocation alloc (storing into dst) and the later copy into
 * it by one call that allocates and copies at alloc's place may change what
 * the program does, or NULL when it provably cannot:
 *   - the copy runs after the allocation on every path that does not take
 *     the failure branch of a NULL check of dst, no path reaches it without
 *     the allocation, and no path enters the region between them from
 *     outside or runs the allocation again before the copy;
 *   - in that region nothing writes memory (only locals whose address is
 *     never taken), no call but the packs' read-only and allocation
 *     functions runs, dst is not used but tested against NULL, and no
 *     variable of dst, the source or the size is assigned;
 *   - the size and source have no side effects, the allocation's own size
 *     neither (its evaluation is dropped);
 *   - every name of the moved source and size text names the same
 *     declaration at the allocation (declared before it, not shadowed);
 *   - no preprocessor directive lies between them, and neither is written
 *     inside a macro's arguments.
 * size is the copy's byte count (for strcpy: its source); size_moved tells
 * whether the replacement writes its text (else it writes the allocation's
 * own size, already evaluated there). */
const char *as_proof_memdup(struct as_fn *fn, const struct as_call *alloc, const struct as_call *copy,
			    CXCursor dst, CXCursor src, CXCursor size, int size_moved);
/* Why a name of expression e, moved to file offset at (place says what is
 * there, for the words), may name another declaration there, or NULL. */
const char *as_proof_hygiene(struct as_fn *fn, unsigned at, CXCursor e, const char *place);
/* Why another thread or a signal handler may write the source src or the
 * copy's size while this one is in the region (node set; na, nc: the
 * allocation's and the copy's nodes and calls), or NULL: the
 * region synchronises (an atomic or volatile access, a lock, condition,
 * semaphore or C11 thread call), or the program installs a handler that
 * may write and something in the region may fault (as_region_fault), and
 * the source is neither immutable nor a local's own fresh blocks, or the
 * size reads what is not private; or such a handler may read the
 * destination (not a private local) and the region, or the copy's loads
 * from a source not private, may fault: it would see the block stored but
 * unfilled (as_threads.c). */
const char *as_proof_threads(struct as_fn *fn, const unsigned char *region, int na, int nc,
			     const struct as_call *alloc, const struct as_call *copy, CXCursor src, CXCursor size);
/* The first thing in the region (with the allocation's and the copy's
 * nodes, but not the allocation, nor the copy but its destination: the
 * rewrite evaluates the source before copying as the original does, and
 * the size is the allocation's, evaluated there) that may fault
 * or trap and so run a signal handler there: a call, a load or store
 * through a pointer or of a static variable, an access to a local array or
 * a local whose address is taken (on a stack page the program may
 * protect), a division, floating-point
 * arithmetic, an asm statement, a variable length array, or a loop (which
 * may wait for a timer's signal as long as it takes); what it is in
 * *what. A null cursor if nothing may (as_faults.c). */
CXCursor as_region_fault(struct as_fn *fn, const unsigned char *region, int na, int nc, const struct as_call *alloc,
			 const struct as_call *copy, const char **what);
/* The nodes a copy-on-write share made at copy may still be used from:
 * reachable from the copy without passing a new assignment of dst (key
 * text). A byte set over the graph's nodes, or NULL if the graph has none. */
const unsigned char *as_proof_live(struct as_fn *fn, const struct as_call *copy, const char *dst);
/* True if event e lies in the set (events of the copy's own node after its
 * last event count; the new assignment of dst that ends the set does not). */
int as_proof_event_in(struct as_fn *fn, const unsigned char *set, const struct as_call *copy, const char *dst, int e);
/* Why the uses of a shared copy of dst in set may observe or change it, or
 * NULL: comparisons of its address with anything but NULL, calls that are
 * neither the packs' read-only functions nor the release of fam. */
const char *as_proof_share_uses(struct as_fn *fn, const unsigned char *set, const char *dst);
/* G9: the line of the first place where the function, or a function of the
 * unit it calls (transitively), looks at where a block lies: a pointer cast
 * to an integer, its bytes read through its address or another member of a
 * union, a pointer printed as an address (printf's %p), two pointers
 * compared for equality, none a null constant, array or literal; also in
 * the unit's functions that call it; 0 if none (as_moves.c). */
unsigned as_address_observed(struct as_fn *fn);

#endif
