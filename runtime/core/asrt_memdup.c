/* asrt_memdup.c — allocate and copy in one call. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <asrt/asrt.h>
#include "asrt_core_internal.h"

/* One static body for the four public forms: no calls through the PLT. */
static void *memdup(void *(*alloc)(size_t), const void *src, size_t n,
		    const char *site)
{
	/* No allocator can return more than PTRDIFF_MAX bytes; refusing here
   * spares valgrind's and the sanitizers' complaints about such sizes. */
	if (n > PTRDIFF_MAX) {
		errno = ENOMEM;
		return NULL;
	}
	/* One byte for n == 0, so that NULL always means out of memory. */
	void *p = alloc(n ? n : 1);
	if (!p)
		return NULL;
	if (n)
		memcpy(p, src, n);
	if (asrt__core_stats_on()) {
		struct asrt__core_event ev = { .bytes_copied = n };
		asrt__core_site_record(site, ASRT_KIND_MEMDUP, &ev);
	}
	return p;
}

void *asrt_memdup_with_at(void *(*alloc)(size_t), const void *src, size_t n,
			  const char *site)
{
	return memdup(alloc, src, n, site);
}

void *asrt_memdup_with(void *(*alloc)(size_t), const void *src, size_t n)
{
	return memdup(alloc, src, n, NULL);
}

void *asrt_memdup_at(const void *src, size_t n, const char *site)
{
	return memdup(malloc, src, n, site);
}

void *asrt_memdup(const void *src, size_t n)
{
	return memdup(malloc, src, n, NULL);
}
