/* asrt.h — the runtime helpers that code rewritten by allocscan calls.
 *
 * Three jobs, each replacing a pattern the analyzer reports:
 *   asrt_memdup  malloc + memcpy of the same size in one call    (alloc-copy)
 *   asrt_cow_*   a copy mostly read, shared copy-on-write         (alloc-copy)
 *   asrt_grow    realloc by small steps, made geometric        (realloc-churn)
 *
 * The helpers only call the process allocator (malloc, realloc, free,
 * malloc_usable_size) and define none of it, so they work with glibc,
 * jemalloc, libasrt's own allocator, AddressSanitizer and valgrind.
 * Link -lasrt_core for the helpers alone, or -lasrt for helpers + allocator.
 *
 * Every helper has a site-tagged form, `<name>_at(..., site)`, which the
 * rewriter emits with the original call's "file:line" as a string literal.
 * A site must live until exit (a literal does): the counters keep the
 * pointer, and equal texts at different addresses count as one site.
 * With ASRT_STATS=1 (stderr) or ASRT_STATS=<path> in the environment, the
 * calls are counted per site and written as JSON at exit (unset, empty or
 * "0": off; whether counting is on is decided at the first helper call, the
 * destination is read at exit). A NULL site is not counted. With stats off,
 * tagging costs one load and a branch.
 *
 * All helpers are safe to call from any number of threads.
 *
 * With GCC or Clang, sharing and releasing a borrowed pointer (see
 * asrt_cow_share) are answered inline, without a call, once the helpers
 * have borrowed from the same read-only segment before and while stats are
 * off; so is a grow that fits in its block (C on glibc). Define
 * ASRT_NO_INLINE before including this header to always call.
 */
#ifndef ASRT_RUNTIME_ASRT_H_ /* not ASRT_H: a project header may use that */
#define ASRT_RUNTIME_ASRT_H_

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every parameter, local and member name below is asrt__-prefixed: the
 * rewriter inserts this header after a file's own lines, where a macro of
 * the file (#define n 12, #define len 5) would otherwise replace it. */

#if defined(__GNUC__)
#define ASRT_API __attribute__((visibility("default")))
/* The block's size argument, as malloc's and realloc's declarations say:
 * a program may ask the compiler the size of the block a fix makes
 * (__builtin_dynamic_object_size), and must get the answer it got before. */
#define ASRT__ALLOC_SIZE(i) __attribute__((alloc_size(i)))
#else
#define ASRT_API
#define ASRT__ALLOC_SIZE(i)
#endif

/* The header is read by C89 to C23 and C++: "inline" is a keyword only from
 * C99, so GNU compilers get their own spelling, which every -std accepts;
 * elsewhere C89 gets plain static functions. */
#if defined(__GNUC__)
#define ASRT__INLINE __inline__
#elif defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L)
#define ASRT__INLINE inline
#else
#define ASRT__INLINE
#endif

/* Casts the inline paths make, spelled so that neither C's -Wcast-qual nor
 * C++'s -Wold-style-cast warns. */
#ifdef __cplusplus
#define ASRT__ADDR(p) reinterpret_cast<uintptr_t>(p)
#define ASRT__UNCONST(p) const_cast<void *>(p)
#if __cplusplus >= 201103L
#define ASRT__NULL nullptr /* -Wzero-as-null-pointer-constant */
#else
#define ASRT__NULL NULL
#endif
#else
#define ASRT__NULL NULL
#define ASRT__ADDR(p) ((uintptr_t)(p))
#define ASRT__UNCONST(p) ((void *)(uintptr_t)(p))
#endif

/* "file:line" of the place the macro is written, as one string literal. */
#define ASRT__STR2(x) #x
#define ASRT__STR(x) ASRT__STR2(x)
#define ASRT_SITE __FILE__ ":" ASRT__STR(__LINE__)

/* a * b, or SIZE_MAX when the product overflows, so that an allocation of
 * the result fails with NULL as calloc(a, b) would. The rewriter uses it when
 * a fix replaces an allocation that took a count and an element size. */
static ASRT__INLINE size_t asrt_size_mul(size_t asrt__a, size_t asrt__b)
{
#if defined(__GNUC__)
	size_t asrt__r;

	return __builtin_mul_overflow(asrt__a, asrt__b, &asrt__r) ? SIZE_MAX : asrt__r;
#else
	return asrt__b && asrt__a > SIZE_MAX / asrt__b ? SIZE_MAX : asrt__a * asrt__b;
#endif
}

/* ------------------------------------------------------------------ memdup */

/* A new block of n bytes holding a copy of src[0..n), from malloc.
 * The caller owns it and frees it with free(). NULL when malloc fails or
 * n > PTRDIFF_MAX (errno ENOMEM); src is untouched either way. n == 0 gives
 * a unique 1-byte block, so NULL always means failure. src may be NULL only
 * if n == 0. */
ASRT_API void *asrt_memdup(const void *asrt__src, size_t asrt__n) ASRT__ALLOC_SIZE(2);
ASRT_API void *asrt_memdup_at(const void *asrt__src, size_t asrt__n, const char *asrt__site) ASRT__ALLOC_SIZE(2);

/* asrt_memdup with the allocation family's own allocator (e.g. ruby_xmalloc),
 * so that the family's free still matches the block. alloc is called once
 * with n (1 when n == 0); its NULL (if it returns rather than raises) is
 * passed on. */
ASRT_API void *asrt_memdup_with(void *(*asrt__alloc)(size_t), const void *asrt__src,
				size_t asrt__n) ASRT__ALLOC_SIZE(3);
ASRT_API void *asrt_memdup_with_at(void *(*asrt__alloc)(size_t), const void *asrt__src,
				   size_t asrt__n, const char *asrt__site) ASRT__ALLOC_SIZE(3);

/* ----------------------------------------------------------- copy-on-write */

/* A pointer the caller reads exactly like a fresh copy of src[0..n).
 *  - src lies wholly in a read-only segment of the executable or of a loaded
 *    shared object (string literals, static const tables): src itself is
 *    returned, nothing is allocated or copied ("borrowed"). The object that
 *    holds src is made undeletable (RTLD_NODELETE) so the pointer stays valid.
 *    Objects dlopen'ed after the helpers' first call are found on a later
 *    miss (the loader is asked once per 64 misses): until then their data is
 *    copied, which is equally correct. Memory a program makes read-only or
 *    writable itself (mprotect) is not tracked: don't share from it.
 *  - src is a live pointer returned by asrt_cow_share or asrt_cow_mut: its
 *    reference count goes up and src is returned, nothing is copied.
 *  - otherwise (heap, stack, writable data): one block with a small header is
 *    allocated and src is copied into it once.
 * The result is read-only to the caller: before any write through it call
 * asrt_cow_mut, and give it back with asrt_cow_release, never free().
 * NULL when the allocation fails. src may be NULL only if n == 0. */
ASRT_API void *asrt_cow_share(const void *asrt__src, size_t asrt__n);
ASRT_API void *asrt_cow_share_at(const void *asrt__src, size_t asrt__n, const char *asrt__site);

/* Make p writable. p is a pointer from asrt_cow_share or asrt_cow_mut, n the
 * size it was shared with (only used for borrowed pointers: the helpers
 * record the size of the blocks they allocate).
 * If p is borrowed, or shared (reference count > 1), a private copy is made
 * and p's reference is dropped: THE PASSED POINTER IS NO LONGER VALID, USE
 * THE RETURNED ONE. If p is already private it is returned as is.
 * The result is still a cow pointer: release it with asrt_cow_release (or
 * share it again). On NULL (out of memory) p is untouched and still valid. */
ASRT_API void *asrt_cow_mut(void *asrt__p, size_t asrt__n);
ASRT_API void *asrt_cow_mut_at(void *asrt__p, size_t asrt__n, const char *asrt__site);

/* asrt_cow_mut_at for a write the rewriter adds before a statement that has
 * no error path of its own: never NULL for a non-NULL p. When the private
 * copy cannot be made (out of memory) it prints one line naming the site and
 * aborts, as an x-allocator would, rather than hand back NULL to be written
 * through. */
ASRT_API void *asrt_cow_mut_or_abort_at(void *asrt__p, size_t asrt__n, const char *asrt__site);

/* Give back p, a pointer from asrt_cow_share or asrt_cow_mut: nothing for a
 * borrowed pointer, one reference dropped for a shared block, the block
 * freed when it was the last reference. p is no longer valid afterwards.
 * NULL is ignored. Passing any other pointer is undefined behaviour. */
ASRT_API void asrt_cow_release(void *asrt__p);
ASRT_API void asrt_cow_release_at(void *asrt__p, const char *asrt__site);

/* Not part of the interface: what the inline fast paths read. asrt__ro_span
 * is the read-only range the last borrow came from, published (with a
 * release store) only once stats are known to be off, and never NULL: an
 * empty span until then. Its ranges belong to pinned objects and are never
 * freed. asrt__stats_state is -1 until ASRT_STATS is read, then 0 (off) or 1
 * (on). (Named apart from the {lo, hi} asrt__ro_hot of earlier builds, so
 * that a program compiled against that header fails to load rather than
 * misread the span.) */
struct asrt__span {
	uintptr_t asrt__lo, asrt__len;
};
ASRT_API extern const struct asrt__span *asrt__ro_span;
ASRT_API extern int asrt__stats_state;

#if defined(__GNUC__) && !defined(ASRT_NO_INLINE)
/* 1 if [p, p + n) lies in the last borrowed range, so nothing is counted
 * (stats are off) and share and release have nothing to do. One load of the
 * span and two compares: p below lo wraps to a huge offset. */
static ASRT__INLINE int asrt__borrowed_uncounted(const void *asrt__p, size_t asrt__n)
{
	const struct asrt__span *asrt__h =
		__atomic_load_n(&asrt__ro_span, __ATOMIC_ACQUIRE);
	uintptr_t asrt__off = ASRT__ADDR(asrt__p) - asrt__h->asrt__lo;

	return asrt__off < asrt__h->asrt__len && asrt__n <= asrt__h->asrt__len - asrt__off;
}

static ASRT__INLINE void *asrt__cow_share_inline(const void *asrt__src, size_t asrt__n,
						 const char *asrt__site)
{
	if (asrt__borrowed_uncounted(asrt__src, asrt__n))
		return ASRT__UNCONST(asrt__src);
	return (asrt_cow_share_at)(asrt__src, asrt__n, asrt__site);
}

static ASRT__INLINE void asrt__cow_release_inline(void *asrt__p, const char *asrt__site)
{
	if (!asrt__borrowed_uncounted(asrt__p, 0))
		(asrt_cow_release_at)(asrt__p, asrt__site);
}

#define asrt_cow_share(src, n) asrt__cow_share_inline((src), (n), ASRT__NULL)
#define asrt_cow_share_at(src, n, site) \
	asrt__cow_share_inline((src), (n), (site))
#define asrt_cow_release(p) asrt__cow_release_inline((p), ASRT__NULL)
#define asrt_cow_release_at(p, site) asrt__cow_release_inline((p), (site))
#endif

/* -------------------------------------------------------------------- grow */

/* The realloc contract with geometric capacity: returns a block of at least
 * n bytes holding p's old contents (up to the old size).
 *  - n fits in malloc_usable_size(p): p is returned, no call is made.
 *  - otherwise p is reallocated to max(n, 4 x its usable size below 4 KiB,
 *    1.5 x from there), rounded up to 16, and, should that fail, to exactly
 *    n.
 * THE PASSED POINTER IS NO LONGER VALID, USE THE RETURNED ONE — except on
 * NULL (out of memory, or n too large), where p is untouched and still owned
 * by the caller. p == NULL allocates. n == 0 does what realloc(p, 0) does
 * with the process allocator (glibc: frees p, returns NULL), as the call it
 * replaces did. p must come from
 * malloc/calloc/realloc (or asrt_grow, asrt_memdup) and is freed with free().
 * Repeated growth by small steps costs amortised O(1) per step. */
ASRT_API void *asrt_grow(void *asrt__p, size_t asrt__n) ASRT__ALLOC_SIZE(2);
ASRT_API void *asrt_grow_at(void *asrt__p, size_t asrt__n, const char *asrt__site) ASRT__ALLOC_SIZE(2);

/* asrt_grow with the allocation family's own realloc (e.g. ruby_xrealloc), so
 * that the family's free still matches. REQUIRES that the family's blocks
 * are plain malloc blocks (malloc_usable_size is called on p), as ruby_xmalloc
 * blocks are unless Ruby is built with CALC_EXACT_MALLOC_SIZE. */
ASRT_API void *asrt_grow_with(void *(*asrt__realloc_fn)(void *, size_t), void *asrt__p,
			      size_t asrt__n) ASRT__ALLOC_SIZE(3);
ASRT_API void *asrt_grow_with_at(void *(*asrt__realloc_fn)(void *, size_t), void *asrt__p,
				 size_t asrt__n, const char *asrt__site) ASRT__ALLOC_SIZE(3);

#if defined(__GNUC__) && !defined(ASRT_NO_INLINE) && defined(__GLIBC__) && \
	!defined(__cplusplus)
/* glibc's own prototype (<malloc.h>), repeated rather than including the
 * whole header into rewritten code; a file that includes <malloc.h> too
 * must still build with -Wredundant-decls -Werror. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wredundant-decls"
extern size_t malloc_usable_size(void *);
#pragma GCC diagnostic pop

/* Nearly every call of a growth loop fits in the block: answered here, one
 * usable-size query and no call into the helpers, while stats are off. */
static ASRT__INLINE void *asrt__grow_inline(void *asrt__p, size_t asrt__n, const char *asrt__site)
{
	/* n == 0 goes to the helper, which does what realloc(p, 0) does. */
	if (asrt__p && asrt__n && __atomic_load_n(&asrt__stats_state, __ATOMIC_RELAXED) == 0 &&
	    asrt__n <= malloc_usable_size(asrt__p))
		return asrt__p;
	return (asrt_grow_at)(asrt__p, asrt__n, asrt__site);
}

#define asrt_grow(p, n) asrt__grow_inline((p), (n), ASRT__NULL)
#define asrt_grow_at(p, n, site) asrt__grow_inline((p), (n), (site))
#endif

/* ------------------------------------------------------------ site stats */

/* Writes the per-site counters as one JSON array to out:
 *   [{"site":"file:line","kind":"memdup|share|mut|release|grow","calls":N,
 *     "bytes_copied":N,"bytes_shared":N,"reallocs_avoided":N,"reallocs":N},...]
 * bytes_shared: bytes handed out by reference instead of copied (share).
 * reallocs_avoided: grow calls answered without calling realloc; reallocs:
 * realloc calls grow made; bytes_copied for grow: old usable size of blocks
 * realloc moved. Empty array when ASRT_STATS is off. Safe to call while
 * other threads still count (their newest calls may be missing).
 * libasrt's allocator calls this when it writes the whole ASRT_STATS file;
 * without the allocator (asrt_core alone) the helpers write
 * {"sites": [...]} at exit themselves (a forked child that exits writes
 * its own counts to the same destination). */
ASRT_API void asrt__sites_json(FILE *asrt__out);

/* The forms a human writes: the site is where the macro stands. */
#define ASRT_MEMDUP(src, n) asrt_memdup_at((src), (n), ASRT_SITE)
#define ASRT_MEMDUP_WITH(alloc, src, n) \
	asrt_memdup_with_at((alloc), (src), (n), ASRT_SITE)
#define ASRT_COW_SHARE(src, n) asrt_cow_share_at((src), (n), ASRT_SITE)
#define ASRT_COW_MUT(p, n) asrt_cow_mut_at((p), (n), ASRT_SITE)
#define ASRT_COW_RELEASE(p) asrt_cow_release_at((p), ASRT_SITE)
#define ASRT_GROW(p, n) asrt_grow_at((p), (n), ASRT_SITE)
#define ASRT_GROW_WITH(realloc_fn, p, n) \
	asrt_grow_with_at((realloc_fn), (p), (n), ASRT_SITE)

#ifdef __cplusplus
}
#endif

#endif /* ASRT_RUNTIME_ASRT_H_ */
