/* as_capacity.h - whether a unit asks the allocator how large a block
 * really is (malloc_usable_size and its kin): a program that does can see
 * the extra capacity a geometric grow leaves, so no grow in that unit keeps
 * its behaviour by construction. */
#ifndef AS_CAPACITY_H
#define AS_CAPACITY_H

#include "as_tu.h"

/* The capacity query the unit names outside system headers (called, or its
 * address taken), as spelled in its declaration or its asm label, or a
 * lookup by name (dlsym) that may find one, or the compiler's object size
 * (__builtin_dynamic_object_size); NULL if none. Computed once
 * per unit. */
const char *as_unit_capacity_query(struct as_tu *tu);

#endif
