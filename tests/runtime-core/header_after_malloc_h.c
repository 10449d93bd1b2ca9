/* header_after_malloc_h.c — built, not run: asrt.h after <malloc.h> (whose
 * malloc_usable_size the inline grow repeats) must build with
 * -Wredundant-decls -Werror, as in projects that turn that warning on. */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdlib.h>

#include <asrt/asrt.h>

void *rc_header_grow(void *p, size_t n);

void *rc_header_grow(void *p, size_t n)
{
	return asrt_grow_at(p, n, "h.c:1");
}
