/* Internals of the libasrt allocator, shared between its files.
 *
 * Layers, each calling only those below it (never one above):
 *   asrt_malloc.c (public API, fast paths), asrt_init.c (set-up, fork)
 *   -> asrt_tcache.c (per-thread caches)
 *   -> asrt_purge.c (the one purge policy; the only code acting on
 *      several arenas at once)
 *   -> asrt_arena.c (arenas: a lock over one small and one mid heap, and
 *      which arena a thread uses)
 *   -> asrt_slab.c + asrt_sizeclass.c (small classes), asrt_mid.c
 *      (exact-fit heap), asrt_huge.c (own mappings and their cache)
 *   -> asrt_os.c (mmap, mremap, madvise, segment registry, clock).
 * asrt_options.c, asrt_check.c and asrt_stats.c serve every layer. The
 * heaps take an arena only as the container of their state; they neither
 * lock it nor choose it. This header is the module map: one heading per
 * file, listing what that file offers to the others. */
#ifndef ASRT_INTERNAL_H
#define ASRT_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>

#define ASRT_LIKELY(x) __builtin_expect(!!(x), 1)
#define ASRT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define ASRT_HIDDEN __attribute__((visibility("hidden")))
#define ASRT_TLS __thread __attribute__((tls_model("initial-exec")))

/* Every block the heap hands out is 16-byte aligned. */
#define ASRT_ALIGN 16
#define ASRT_PAGE 4096UL

/* The address space is cut into 4 MiB granules; every mapping the heap owns
 * starts on a granule boundary with a segment header, so a pointer finds its
 * header by masking. */
#define ASRT_SEG_SHIFT 22
#define ASRT_SEG_SIZE ((size_t)1 << ASRT_SEG_SHIFT)
#define ASRT_SEG_MASK (ASRT_SEG_SIZE - 1)
#define ASRT_SEG_MAGIC 0x41535254u /* "ASRT" */

/* Small blocks live in 64 KiB slabs of one size class; slab 0 of a small
 * segment holds the segment header. */
#define ASRT_SLAB_SHIFT 16
#define ASRT_SLAB_SIZE ((size_t)1 << ASRT_SLAB_SHIFT)
#define ASRT_SLABS_PER_SEG (ASRT_SEG_SIZE / ASRT_SLAB_SIZE)
#define ASRT_SMALL_MAX 1024
#define ASRT_NCLASS 20

#define ASRT_ARENA_LIMIT 64

enum asrt_seg_kind { ASRT_SEG_SMALL = 1,
		     ASRT_SEG_MID,
		     ASRT_SEG_HUGE };

struct asrt_arena;

/* Common header at the start of every segment. */
struct asrt_segment {
	uint32_t magic;
	uint32_t kind;
	struct asrt_arena *arena;         /* NULL for huge blocks */
	size_t map_size;                  /* bytes mapped from the OS */
	struct asrt_segment *next, *prev; /* arena's list of segments of this kind */
};

/* ---- asrt_options.c ---------------------------------------------------- */
/* One row per option: X(NAME, default, description). Read from ASRT_<NAME>
 * on first use; numbers accept k, m, g suffixes. */
#define ASRT_OPTIONS(X)                                                               \
	X(ARENA_MAX, 0, "arenas threads share (one until they contend, then the "     \
			"CPU's); 0 = online CPUs (1..64)")                            \
	X(MMAP_THRESHOLD, 1 << 20, "initial size from which requests are mmap'd "     \
				   "alone; rises to freed huge sizes, max 2 MiB")     \
	X(PURGE_MIN, 256 << 20, "free-but-resident bytes an arena may keep before "   \
				"madvise")                                            \
	X(PURGE_RATIO, 4, "beyond PURGE_MIN, an arena keeps at most 1/RATIO of "      \
			  "its live bytes free-but-resident")                         \
	X(PURGE_BURST, 128 << 20, "bytes freed (all arenas), less ALLOC_WEIGHT "      \
				  "times those allocated meanwhile, that, when also " \
				  "1/BURST_SHARE of live, mark a bulk release: "      \
				  "every arena and the huge cache are purged")        \
	X(PURGE_BURST_SHARE, 16, "see PURGE_BURST")                                   \
	X(PURGE_ALLOC_WEIGHT, 64, "see PURGE_BURST")                                  \
	X(POPULATE, 0, "mid-size blocks up to this size whose pages are not "         \
		       "resident are prefaulted in one call (0: never)")              \
	X(DECAY_MS, 1000, "free-but-resident memory (mid-size, huge cache) left "     \
			  "unused this long (ms) is purged at the next free")         \
	X(SLAB_CACHE, 8, "empty 64 KiB slabs an arena keeps resident")                \
	X(TCACHE, 1, "per-thread caches of small and mid-size blocks to 128 KiB "     \
		     "(0 disables)")                                                  \
	X(CHECK, 0, "1: verify each mid-size free by walking its segment (slow)")     \
	X(STATS, 0, "1: JSON statistics to stderr at exit; a path: to that "          \
		    "file (text, read by asrt_stats_env.h)")

enum asrt_option {
#define ASRT_OPT_ENUM(name, def, desc) ASRT_OPT_##name,
	ASRT_OPTIONS(ASRT_OPT_ENUM)
#undef ASRT_OPT_ENUM
		ASRT_OPT_COUNT
};

ASRT_HIDDEN void asrt_options_init(void);
extern ASRT_HIDDEN long asrt_option_values[ASRT_OPT_COUNT];
static inline long asrt_option(enum asrt_option opt)
{
	return asrt_option_values[opt];
}
/* The raw environment text of an option, or NULL when unset. */
ASRT_HIDDEN const char *asrt_option_text(enum asrt_option opt);

/* ---- asrt_os.c --------------------------------------------------------- */
/* Maps size bytes (a multiple of the page size) aligned to align (a power of
 * two, at least a granule); NULL on failure with errno set. */
ASRT_HIDDEN void *asrt_os_map(size_t size, size_t align);
ASRT_HIDDEN void asrt_os_unmap(void *p, size_t size);
/* Returns the whole pages inside [p, p + size) to the kernel. */
ASRT_HIDDEN void asrt_os_purge(void *p, size_t size);
/* Ranges queued for one batched purge: on kernels that take
 * process_madvise(MADV_DONTNEED) for the calling process, one call returns
 * them all (a few us per range against ~20-150 us per madvise here). Queued
 * ranges must stay free and mapped until the batch is flushed. */
#define ASRT_PURGE_BATCH 128
/* Queued ranges stay resident until the flush, and nothing flushes a batch
 * left part-full at the end of a bulk release: it is flushed once it holds
 * this many bytes too. */
#define ASRT_PURGE_BATCH_BYTES ((size_t)4 << 20)
struct asrt_purge_batch {
	unsigned n;
	size_t bytes;
	struct iovec iov[ASRT_PURGE_BATCH];
};
/* Queues the whole pages inside [p, p + size); flushes when full. */
ASRT_HIDDEN void asrt_os_purge_add(struct asrt_purge_batch *b, void *p,
				   size_t size);
ASRT_HIDDEN void asrt_os_purge_flush(struct asrt_purge_batch *b);
/* Makes every page touching [p, p + size) resident and writable in one
 * call, which costs a fraction of faulting them in one by one; a no-op on
 * kernels without MADV_POPULATE_WRITE. */
ASRT_HIDDEN void asrt_os_populate(void *p, size_t size);
/* Grows or shrinks a mapping in place; 0 on success. */
ASRT_HIDDEN int asrt_os_remap_inplace(void *p, size_t old_size,
				      size_t new_size);
/* Resizes a mapping, moving its pages (not copying them) to a fresh range
 * aligned to align when it cannot grow in place; the new address, or NULL
 * with the mapping unchanged. */
ASRT_HIDDEN void *asrt_os_remap(void *p, size_t old_size, size_t new_size,
				size_t align);
/* Records that a segment header lives at granule seg (or no longer does). */
ASRT_HIDDEN void asrt_os_register(void *seg);
ASRT_HIDDEN void asrt_os_unregister(void *seg);
/* One bit per granule of the 47-bit user address space: 4 MiB of zero
 * pages in .bss, of which only the words we touch become resident. */
#define ASRT_REG_BITS (47 - ASRT_SEG_SHIFT)
extern ASRT_HIDDEN _Atomic uint64_t asrt_os_registry[((size_t)1 << ASRT_REG_BITS) / 64];
/* The segment owning p, or NULL when no segment of ours starts at p's
 * granule (registered, granule_of: without looking at the header). Inline:
 * every free asks. */
static inline int asrt_os_registered(const void *p)
{
	size_t g = (uintptr_t)p >> ASRT_SEG_SHIFT;
	if (ASRT_UNLIKELY(g / 64 >= sizeof asrt_os_registry / sizeof *asrt_os_registry))
		return 0;
	uint64_t w = atomic_load_explicit(&asrt_os_registry[g / 64],
					  memory_order_acquire);
	return w >> (g % 64) & 1;
}
/* p's granule, for a p that is registered. */
static inline struct asrt_segment *asrt_os_granule(const void *p)
{
	return (struct asrt_segment *)((uintptr_t)p & ~(uintptr_t)ASRT_SEG_MASK);
}
static inline struct asrt_segment *asrt_os_granule_of(const void *p)
{
	return ASRT_LIKELY(asrt_os_registered(p)) ? asrt_os_granule(p) : NULL;
}
static inline struct asrt_segment *asrt_os_segment_of(const void *p)
{
	struct asrt_segment *seg = asrt_os_granule_of(p);
	return ASRT_LIKELY(seg && seg->magic == ASRT_SEG_MAGIC) ? seg : NULL;
}
/* A segment header's first word (magic and kind) as one number: a fast
 * path tests both with one comparison. */
static inline uint64_t asrt_seg_word(const struct asrt_segment *seg)
{
	uint64_t w;
	memcpy(&w, seg, sizeof w);
	return w;
}
#define ASRT_SEG_WORD(kind) (ASRT_SEG_MAGIC | (uint64_t)(kind) << 32)
/* VmRSS and VmHWM in bytes from /proc/self/status; 0 on success. */
ASRT_HIDDEN int asrt_os_rss(size_t *rss, size_t *hwm);
ASRT_HIDDEN int asrt_os_ncpu(void);
/* A coarse monotonic clock in milliseconds (vDSO, no system call). */
ASRT_HIDDEN uint64_t asrt_now_ms(void);

/* ---- asrt_check.c ------------------------------------------------------ */
/* Print one line naming p and abort: the heap found bad use. */
ASRT_HIDDEN _Noreturn void asrt_die_invalid(const char *fn, const void *p);
ASRT_HIDDEN _Noreturn void asrt_die_double(const void *p);
/* A block moved in pieces that could not all be moved back (asrt_os.c). */
ASRT_HIDDEN _Noreturn void asrt_die_unmovable(const void *p);
/* Secret mixed into free-block keys and chunk tags. */
extern ASRT_HIDDEN uintptr_t asrt_secret;
ASRT_HIDDEN void asrt_check_init(void);
static inline uintptr_t asrt_key(const void *p)
{
	return asrt_secret ^ (uintptr_t)p;
}
/* A block waiting to be reused (thread cache, deferred list) carries its key
 * in its second word: freeing it again is a double free. */
static inline int asrt_keyed(const void *p)
{
	return ((const uintptr_t *)p)[1] == asrt_key(p);
}

/* ---- asrt_sizeclass.c -------------------------------------------------- */
/* Classes are 16..128 in steps of 16, then four per power of two to 1024:
 * every class boundary is a multiple of 16, so the class of n is a lookup
 * by (n + 15) / 16 (the table is this formula, folded at compile time). */
#define ASRT_FLOOR_LOG2(x) (63u - (unsigned)__builtin_clzl(x))
#define ASRT_CLASS_OF(n)                                           \
	((n) <= 128 ? ((n) ? (unsigned)(((n) + 15) >> 4) - 1 : 0u) \
		    : 8 + (ASRT_FLOOR_LOG2((n)-1) - 7) * 4 +       \
			      (unsigned)(((n)-1) >> (ASRT_FLOOR_LOG2((n)-1) - 2)) - 4)
extern ASRT_HIDDEN const uint8_t asrt_class_table[ASRT_SMALL_MAX / 16 + 1];
/* n at most ASRT_SMALL_MAX. */
static inline unsigned asrt_class_of(size_t n)
{
	return asrt_class_table[(n + 15) >> 4];
}
ASRT_HIDDEN size_t asrt_class_size(unsigned cls);

/* ---- asrt_slab.c ------------------------------------------------------- */
/* A cache line each: a free finds its slab with a shift and a mask (no
 * multiply by 48), and reads its fields from one line. */
struct asrt_slab {
	_Alignas(64) struct asrt_slab *next; /* arena's partial or empty list */
	struct asrt_slab *prev;
	void *free;    /* free blocks, linked through word 0 */
	uint32_t used; /* blocks out of the slab */
	uint32_t bump; /* first never-carved block; 0 when free */
	uint32_t cap;  /* blocks per slab */
	uint32_t size; /* block size: odd << shift */
	uint32_t minv; /* odd's inverse mod 2^32 (asrt_slab_holds) */
	uint8_t cls;
	uint8_t shift;
	uint8_t state; /* ASRT_SLAB_FREE / ASRT_SLAB_ACTIVE */
	uint8_t dirty; /* free slab whose pages may still be resident */
};
_Static_assert(ASRT_NCLASS <= 256, "a class fits asrt_slab.cls");
enum { ASRT_SLAB_FREE = 0,
       ASRT_SLAB_ACTIVE = 1 };

struct asrt_small_seg {
	struct asrt_segment seg;
	uint32_t nactive;
	struct asrt_slab slabs[ASRT_SLABS_PER_SEG];
};
_Static_assert(sizeof(struct asrt_slab) == 64, "a slab's fields fill one line");

/* Batches of free blocks of one class that thread caches handed back, kept
 * whole (their blocks still count as used in their slabs) for the next
 * refill: a block passed from one thread to another costs two list moves
 * instead of a slab free and a slab allocation. At most this many per class
 * and arena (each a thread's bin, about 16 KiB, of any arena's blocks);
 * trimmed into the slabs by the purge policy. Four, not two: a consumer
 * that runs ahead of its producer by a few bins (a ring of 1,024 blocks)
 * would otherwise free most of them into their slabs, and the producer
 * allocate them from there one by one. */
#define ASRT_BATCHES 4
struct asrt_batch {
	void *head; /* linked through word 0, each block keyed */
	uint32_t n;
};

struct asrt_small_heap {
	struct asrt_slab *partial[ASRT_NCLASS]; /* slabs with a free block */
	struct asrt_batch batch[ASRT_NCLASS][ASRT_BATCHES];
	uint8_t nbatch[ASRT_NCLASS];
	struct asrt_slab *empty; /* free slabs, most recent first */
	size_t ndirty;           /* dirty slabs on the empty list */
	struct asrt_segment *segs;
	size_t nsegs;
	/* Blocks freed by threads that found the arena locked, linked through
   * their first word; freed into their slabs by the next holder. */
	_Atomic(void *) remote;
	/* A thread's full bin of each class handed over while the arena was
   * locked, kept whole for the next refill like a batch, so that a busy
   * lock does not cost a walk of the chain and a slab allocation of each
   * block. */
	_Atomic(void *) offered[ASRT_NCLASS];
};

/* All under the arena's lock but asrt_slab_defer. */
ASRT_HIDDEN void *asrt_slab_alloc(struct asrt_arena *a, unsigned cls);
/* Frees the chain head..tail (linked through word 0, every block keyed, so a
 * second free of one is a double free) later, without the lock. */
ASRT_HIDDEN void asrt_slab_defer(struct asrt_arena *a, void *head, void *tail);
/* Keeps a batch of n blocks of class cls (chained, keyed) for a refill:
 * 1, or 0 when the arena holds enough batches of cls already. */
ASRT_HIDDEN int asrt_slab_put_batch(struct asrt_arena *a, unsigned cls,
				    void *head, uint32_t n);
/* A kept batch of class cls (its length in *n), or NULL. */
ASRT_HIDDEN void *asrt_slab_take_batch(struct asrt_arena *a, unsigned cls,
				       uint32_t *n);
/* Without the lock: keeps a thread's full bin of class cls (chained, keyed)
 * for the next refill; 0 when one is kept already. */
ASRT_HIDDEN int asrt_slab_offer_bin(struct asrt_arena *a, unsigned cls,
				    void *head);
/* The full bin of class cls offered without the lock, or NULL. */
ASRT_HIDDEN void *asrt_slab_take_offered(struct asrt_arena *a, unsigned cls);
/* Frees the chain head (linked through word 0, keyed) into a's slabs;
 * blocks of other arenas in it go to their deferred lists. */
ASRT_HIDDEN void asrt_slab_free_chain(struct asrt_arena *a, void *head);
/* Frees every kept batch (of class cls) into its slabs. */
ASRT_HIDDEN void asrt_slab_unbatch(struct asrt_arena *a);
ASRT_HIDDEN void asrt_slab_unbatch_class(struct asrt_arena *a, unsigned cls);
/* Frees the deferred blocks. */
ASRT_HIDDEN void asrt_slab_drain(struct asrt_arena *a);
ASRT_HIDDEN void asrt_slab_free(struct asrt_arena *a, struct asrt_slab *s,
				void *p);
/* Returns the pages of empty slabs to the kernel, all but the keep most
 * recently emptied. */
ASRT_HIDDEN void asrt_slab_purge(struct asrt_arena *a, size_t keep);
static inline struct asrt_slab *asrt_slab_of(struct asrt_segment *seg,
					     const void *p)
{
	struct asrt_small_seg *ss = (struct asrt_small_seg *)seg;
	return &ss->slabs[((uintptr_t)p & ASRT_SEG_MASK) >> ASRT_SLAB_SHIFT];
}
/* 1 when p is the start of a block carved from active slab s (a free
 * slab's bump is 0, so no block of it passes). One test for both, as
 * Granlund and Montgomery divide exactly: rotating off * minv right by
 * shift gives off / size when size divides off, and at least 2^32 / size
 * (far above any bump) when it does not. */
static inline int asrt_slab_holds(const struct asrt_slab *s, const void *p)
{
	uint32_t off = (uint32_t)((uintptr_t)p & (ASRT_SLAB_SIZE - 1));
	uint32_t x = off * s->minv, k = s->shift;
	return (x >> k | x << ((32 - k) & 31)) < s->bump;
}
/* Aborts unless p is the start of a block of an active slab. */
ASRT_HIDDEN void asrt_slab_validate(struct asrt_segment *seg,
				    struct asrt_slab *s, const void *p,
				    const char *fn);

/* ---- asrt_mid.c -------------------------------------------------------- */
/* Exact-fit heap (two-level segregated fit) for blocks between the small
 * classes and the mmap threshold, with boundary tags and coalescing. */
#define ASRT_TLSF_FL 16
#define ASRT_TLSF_SL 16
struct asrt_chunk;
struct asrt_mid_heap {
	uint32_t fl_map;
	uint32_t sl_map[ASRT_TLSF_FL];
	struct asrt_chunk *bins[ASRT_TLSF_FL][ASRT_TLSF_SL];
	struct asrt_chunk *dirty_head, *dirty_tail; /* oldest first */
	struct asrt_purge_batch batch;              /* purged, not yet returned */
	size_t dirty;                               /* resident free bytes */
	size_t live;                                /* bytes in used chunks */
	size_t freed;                               /* since asrt_mid_take_freed */
	uint64_t now_ms;                            /* the clock, read once by each free, resize, alloc (0 until it needs it) */
	struct asrt_segment *segs;
	size_t nsegs;
	/* Blocks freed while another thread held the arena, linked through
   * their first word; the next holder frees them (asrt_mid_defer). */
	_Atomic(void *) deferred;
};
#define ASRT_MID_MAX ((size_t)2 << 20)

/* *cold is set when some of the block's pages may not be resident. */
ASRT_HIDDEN void *asrt_mid_alloc(struct asrt_arena *a, size_t n,
				 size_t align, int *cold);
/* Frees p[0..n), blocks of a, with one reading of the clock. */
ASRT_HIDDEN void asrt_mid_free(struct asrt_arena *a, void *const *p,
			       unsigned n);
/* Bytes freed (deferred frees included) since the last call. */
ASRT_HIDDEN size_t asrt_mid_take_freed(struct asrt_arena *a);
/* Returns free chunks' pages to the kernel, oldest first, while more than
 * keep bytes are resident or the oldest was freed before older_than_ms. */
ASRT_HIDDEN void asrt_mid_purge(struct asrt_arena *a, size_t keep,
				uint64_t older_than_ms);
/* Frees p later, without the lock: called when another thread holds it, so
 * the freeing thread need not sleep. p's second word then carries its key,
 * which makes a second free of p before then a double free. */
ASRT_HIDDEN void asrt_mid_defer(struct asrt_arena *a, void *p);
/* Resizes in place; returns 0 on success. */
ASRT_HIDDEN int asrt_mid_resize(struct asrt_arena *a, void *p, size_t n);
/* A chunk's head word, 16 bytes before the block: size | tag << 48 |
 * flags; the tag is a 16-bit check derived from the chunk's address, so a
 * stray pointer into a segment rarely passes for a chunk (free chunks
 * carry its complement). The region of chunks starts REGION_OFF bytes into
 * the segment and ends with a 16-byte sentinel. */
#define ASRT_CHUNK_HDR 16
#define ASRT_CHUNK_USED 1u
#define ASRT_CHUNK_SIZE_MASK ((((size_t)1 << 48) - 1) & ~(size_t)15)
#define ASRT_CHUNK_TAG_SHIFT 48
#define ASRT_MID_REGION_OFF 48
static inline size_t asrt_chunk_tag(const void *c)
{
	return ((((uintptr_t)c >> 4) * 0x9E3779B97F4A7C15u) ^ asrt_secret) >> 48;
}
/* The usable size of p, a used chunk. */
static inline size_t asrt_mid_usable(const void *p)
{
	return (((const size_t *)p)[-1] & ASRT_CHUNK_SIZE_MASK) - ASRT_CHUNK_HDR;
}
/* p's usable size when it looks like a used chunk (cheap), else 0. Inline:
 * every mid-size free asks. One compare bounds p to the region and to 16
 * bytes (rotated, a remainder lands in the top bits); the tag alone tells
 * a used chunk, as a free one carries its complement. */
static inline size_t asrt_mid_used(struct asrt_segment *seg, const void *p)
{
	uintptr_t off = (uintptr_t)p - (uintptr_t)seg -
			(ASRT_MID_REGION_OFF + ASRT_CHUNK_HDR);
	if ((off >> 4 | off << 60) >=
	    (ASRT_SEG_SIZE - ASRT_MID_REGION_OFF - 2 * ASRT_CHUNK_HDR) / 16)
		return 0;
	const void *c = (const char *)p - ASRT_CHUNK_HDR;
	size_t head = ((const size_t *)p)[-1], size = head & ASRT_CHUNK_SIZE_MASK;
	if ((head >> ASRT_CHUNK_TAG_SHIFT) != asrt_chunk_tag(c) ||
	    size > ASRT_SEG_SIZE - ASRT_MID_REGION_OFF - ASRT_CHUNK_HDR - off)
		return 0;
	return size - ASRT_CHUNK_HDR;
}
/* Aborts unless p looks like a used chunk (cheap). */
ASRT_HIDDEN void asrt_mid_validate(struct asrt_segment *seg, const void *p,
				   const char *fn);
/* Aborts unless p starts a chunk, by walking the segment (slow; for CHECK,
 * under the arena's lock). */
ASRT_HIDDEN void asrt_mid_check(struct asrt_segment *seg, const void *p,
				const char *fn);
/* Returns every free-but-resident page to the kernel. */
ASRT_HIDDEN void asrt_mid_trim(struct asrt_arena *a);
/* Adds the arena's resident mid-segment pages (mincore) to *used_pages
 * (holding some byte of a used chunk or of a header) or *free_pages (free
 * memory only, which a purge could return). For the ASRT_STATS report. */
ASRT_HIDDEN void asrt_mid_census(struct asrt_arena *a, size_t *used_pages,
				 size_t *free_pages);

/* ---- asrt_huge.c ------------------------------------------------------- */
/* Requests at least this big get their own mapping. */
ASRT_HIDDEN size_t asrt_huge_threshold(void);
/* zero: the block must read as zeros (fresh maps do, cached ones not). */
ASRT_HIDDEN void *asrt_huge_alloc(size_t n, size_t align, int zero);
ASRT_HIDDEN void asrt_huge_free(struct asrt_segment *seg, void *p);
ASRT_HIDDEN size_t asrt_huge_usable(struct asrt_segment *seg, const void *p);
/* Resizes p's mapping, moving it if need be: the block's address, or NULL
 * when it stays as it was. */
ASRT_HIDDEN void *asrt_huge_resize(struct asrt_segment *seg, void *p,
				   size_t n);
/* The segment of a huge block aligned to a granule or more, else NULL. */
ASRT_HIDDEN struct asrt_segment *asrt_huge_far(const void *p);
/* Bytes of freed mappings waiting for reuse. */
ASRT_HIDDEN size_t asrt_huge_cached(void);
/* Unmaps cached mappings, oldest first, while more than keep bytes wait or
 * the oldest was freed before older_than_ms. */
ASRT_HIDDEN void asrt_huge_purge(size_t keep, uint64_t older_than_ms);
ASRT_HIDDEN void asrt_huge_fork_prepare(void);
ASRT_HIDDEN void asrt_huge_fork_parent(void);
ASRT_HIDDEN void asrt_huge_fork_child(void);
ASRT_HIDDEN void asrt_huge_validate(struct asrt_segment *seg, const void *p,
				    const char *fn);

/* ---- asrt_arena.c ------------------------------------------------------ */
/* An arena's lock: a futex word, 0 free, 1 taken, 2 taken with sleepers
 * (Drepper's "Futexes are tricky", mutex 2), so that taking and releasing
 * a free lock is one atomic instruction each rather than the ~50
 * instructions of pthread_mutex_lock and unlock. */
struct asrt_lock {
	_Atomic int word;
};
/* 1 when taken, 0 when another thread holds it. */
static inline int asrt_lock_try(struct asrt_lock *l)
{
	int free = 0;
	return atomic_compare_exchange_strong_explicit(&l->word, &free, 1,
						       memory_order_acquire,
						       memory_order_relaxed);
}
ASRT_HIDDEN void asrt_lock_wait(struct asrt_lock *l);
ASRT_HIDDEN void asrt_lock_wake(struct asrt_lock *l);
static inline void asrt_lock_take(struct asrt_lock *l)
{
	if (ASRT_UNLIKELY(!asrt_lock_try(l)))
		asrt_lock_wait(l);
}
static inline void asrt_lock_release(struct asrt_lock *l)
{
	if (ASRT_UNLIKELY(atomic_exchange_explicit(&l->word, 0,
						   memory_order_release) == 2))
		asrt_lock_wake(l);
}

struct asrt_arena {
	struct asrt_lock lock;
	unsigned index;
	int used; /* a thread was ever assigned here */
	struct asrt_small_heap small;
	struct asrt_mid_heap mid;
};
extern ASRT_HIDDEN struct asrt_arena asrt_arenas[ASRT_ARENA_LIMIT];
extern ASRT_HIDDEN unsigned asrt_narenas;
/* Sets up n arenas (clamped to 1..ASRT_ARENA_LIMIT); never allocates. */
ASRT_HIDDEN void asrt_arenas_init(unsigned n);
/* Around fork: the child inherits a consistent heap. */
ASRT_HIDDEN void asrt_arenas_lock_all(void);
ASRT_HIDDEN void asrt_arenas_unlock_all(void);
ASRT_HIDDEN void asrt_arenas_reset_locks(void);
/* The arena a new thread starts on. */
ASRT_HIDDEN struct asrt_arena *asrt_arena_first(void);
/* A thread's arena and how often it found it locked. */
struct asrt_arena_home {
	struct asrt_arena *arena;
	unsigned contention;
	int per_cpu; /* contended: takes the arena of the CPU it runs on */
};
/* Locks and returns t's arena for an allocation; a thread that often finds
 * it taken takes the arena of the CPU it runs on from then on. */
ASRT_HIDDEN struct asrt_arena *asrt_arena_lock_home(struct asrt_arena_home *t);
/* Counts one locking of t's arena, busy if it was found taken. */
ASRT_HIDDEN void asrt_arena_contention(struct asrt_arena_home *t, int busy);
static inline void asrt_arena_lock(struct asrt_arena *a)
{
	asrt_lock_take(&a->lock);
}
/* 1 when a is now locked by the caller, 0 when another thread holds it. */
static inline int asrt_arena_trylock(struct asrt_arena *a)
{
	return asrt_lock_try(&a->lock);
}
static inline void asrt_arena_unlock(struct asrt_arena *a)
{
	asrt_lock_release(&a->lock);
}

/* ---- asrt_purge.c ------------------------------------------------------ */
/* The one purge policy (decay, budget, bulk release) for all heaps and
 * arenas; see the file. */
ASRT_HIDDEN size_t asrt_purge_budget(size_t live);
/* A mid-size allocation of n bytes (shortens a run of frees). */
ASRT_HIDDEN void asrt_purge_note_alloc(size_t n);
/* After mid-size frees in a, under a's lock (the clock: a->mid.now_ms, as
 * read by the last free): decay and budget for a.
 * Returns 1 when those frees started a bulk release: call
 * asrt_purge_spread(a) then, holding no lock. */
ASRT_HIDDEN int asrt_purge_after_free(struct asrt_arena *a);
ASRT_HIDDEN void asrt_purge_spread(const struct asrt_arena *a);
/* After slab frees in a, under a's lock. */
ASRT_HIDDEN void asrt_purge_slabs(struct asrt_arena *a);
/* After a huge free. */
ASRT_HIDDEN void asrt_purge_huge(void);
/* Huge blocks took grown bytes of fresh pages: once they add up to
 * HUGE_OWED_STEP, as much free mid-size memory goes back to the kernel. */
#define HUGE_OWED_STEP ((size_t)1 << 20)
ASRT_HIDDEN void asrt_purge_for_huge(size_t grown);
/* malloc_trim: every free page of every heap back to the kernel. */
ASRT_HIDDEN void asrt_purge_all(void);

/* ---- asrt_tcache.c ----------------------------------------------------- */
enum { ASRT_T_NEW,
       ASRT_T_INITING,
       ASRT_T_READY,
       ASRT_T_DEAD };
/* Mid-size blocks are cached per thread too, in two ranges (word 0 of a
 * cached block: next, word 1: key, word 2: usable size):
 * - ASRT_SMALL_MAX+1 .. ASRT_MID_CACHE_MAX bytes, in bins of
 *   ASRT_MID_STEP-byte ranges to ASRT_MID_FINE_MAX and of
 *   ASRT_MID_COARSE-byte ranges above (at most 1/8 more than asked);
 *   such requests are cut to the top of their range, so a request takes
 *   the head of its range's bin (or of one a little above). At most
 *   ASRT_MID_CACHE_BYTES per thread, less when many threads share
 *   ASRT_MID_CACHE_ALL (down to ASRT_MID_CACHE_MIN).
 * - above, to ASRT_BIG_CACHE_MAX, in bins of an eighth of a power of two;
 *   requests are not cut (the heap's exact fit stays) and take the
 *   smallest fit among the first blocks of their bin: buffers of one size
 *   freed and allocated in turn never reach the heap. At most
 *   ASRT_BIG_CACHE_BYTES per thread. A cache that misses more than it
 *   hits holds one block at most, and gives it back at the next miss.
 *   A free past the budget, or a second one while it has no hits (a run
 *   of frees), sends the cache back to the heap, and the frees after it,
 *   until the next allocation.
 * 4..8 KiB blocks were in the second range once; random sizes there
 * (bench threads) found a block of their size a request's 1/32 allows one
 * time in 80, and took the arena's lock for the rest. */
#define ASRT_MID_CACHE_MAX 8192
#define ASRT_MID_FINE_MAX 4096
#define ASRT_MID_STEP_SHIFT 7
#define ASRT_MID_STEP ((size_t)1 << ASRT_MID_STEP_SHIFT)
#define ASRT_MID_COARSE_SHIFT 9
#define ASRT_MID_COARSE ((size_t)1 << ASRT_MID_COARSE_SHIFT)
#define ASRT_MID_FINE_BINS ((ASRT_MID_FINE_MAX - ASRT_SMALL_MAX) / ASRT_MID_STEP)
#define ASRT_MID_BINS \
	(ASRT_MID_FINE_BINS + (ASRT_MID_CACHE_MAX - ASRT_MID_FINE_MAX) / ASRT_MID_COARSE)
/* Blocks this big and above go to the second range. */
#define ASRT_MID_KEEP_MAX (ASRT_MID_CACHE_MAX + ASRT_MID_COARSE)
#define ASRT_MID_OUT 8
#define ASRT_MID_CACHE_BYTES ((size_t)256 << 10)
#define ASRT_MID_CACHE_ALL ((size_t)2 << 20)
#define ASRT_MID_CACHE_MIN ((size_t)32 << 10)
_Static_assert(ASRT_MID_BINS <= 32, "a bit of mid_mask per bin");
/* The bin of a request of n bytes (ASRT_SMALL_MAX < n <=
 * ASRT_MID_CACHE_MAX + ASRT_MID_COARSE). */
static inline unsigned asrt_mid_bin(size_t n)
{
	if (n <= ASRT_MID_FINE_MAX)
		return (unsigned)((n - ASRT_SMALL_MAX - 1) >> ASRT_MID_STEP_SHIFT);
	return ASRT_MID_FINE_BINS +
	       (unsigned)((n - ASRT_MID_FINE_MAX - 1) >> ASRT_MID_COARSE_SHIFT);
}
/* The top of bin i's range: what a request of the range is cut to. */
static inline size_t asrt_mid_top(unsigned i)
{
	if (i < ASRT_MID_FINE_BINS)
		return ASRT_SMALL_MAX + (i + 1) * ASRT_MID_STEP;
	return ASRT_MID_FINE_MAX + (i - ASRT_MID_FINE_BINS + 1) * ASRT_MID_COARSE;
}
/* Per bin, the bins a request of its range may take a block of
 * (asrt_tcache.c). */
extern ASRT_HIDDEN uint32_t asrt_mid_window[ASRT_MID_BINS];
#define ASRT_BIG_CACHE_MAX ((size_t)128 << 10)
#define ASRT_BIG_CACHE_BYTES ((size_t)256 << 10)
#define ASRT_BIG_BINS 32 /* 8 per power of two, 8 KiB to 128 KiB */
_Static_assert(ASRT_MID_CACHE_MAX == 1 << 13, "asrt_big_bin starts at 2^13");
/* n in ASRT_MID_CACHE_MAX+1 .. ASRT_BIG_CACHE_MAX. */
static inline unsigned asrt_big_bin(size_t n)
{
	unsigned e = ASRT_FLOOR_LOG2(n - 1);
	return (e - 13) * 8 + (unsigned)((n - 1) >> (e - 3) & 7);
}
struct asrt_thread {
	void *bin[ASRT_NCLASS];
	/* Free places left in each bin (its cap less its blocks); 0 while the
   * thread has no cache (not set up yet, exiting, TCACHE=0), so that one
   * test sends a free to the slow path. */
	uint32_t room[ASRT_NCLASS];
	void *mid_bin[ASRT_MID_BINS];
	uint32_t mid_mask; /* bins of mid_bin with a block */
	size_t mid_room;   /* bytes mid_bin may take still; 0 without a cache */
	uint32_t mid_hits; /* of mid_bin since its last miss (asrt_tcache.c) */
	/* Mid-size blocks on their way to the heap (keyed), sent together
   * (asrt_tcache.c). */
	void *mid_out[ASRT_MID_OUT];
	unsigned mid_out_n;
	void *big_bin[ASRT_BIG_BINS];
	uint64_t big_mask; /* bins of big_bin with a block */
	size_t big_bytes;
	int big_bypass;      /* frees skip big_bin until the next allocation */
	unsigned big_credit; /* recent hits less misses of big_bin */
	int state;
	struct asrt_arena_home home;
	/* Per class, a full bin set aside by the last free that found the bin
   * full (asrt_tcache_caps blocks, keyed), or NULL: taken back whole by the
   * next refill, so a thread whose frees and allocations take turns around
   * a full bin takes no lock, and one that only frees hands each spilled
   * bin on without walking it. */
	void *spill[ASRT_NCLASS];
	/* The collector of idle bins (asrt_tcache.c): slow-path events (refills,
   * spills) since its last visit, the class it visits next, and per class
   * what bin and spill were at its last visit. */
	unsigned gc_tick, gc_next;
	uintptr_t gc_seen[ASRT_NCLASS];
	/* Written by the owner only, as plain numbers (one instruction on the
   * fast paths); others read them relaxed, for the statistics. */
	uint64_t nalloc, nfree;
	/* Bytes added to live less those taken, not yet in asrt_stats
   * (asrt_stats.c publishes them in batches). */
	int64_t live_owed;
	/* Index of the thread's entry in the registry, or -1. */
	long slot;
};
extern ASRT_HIDDEN ASRT_TLS struct asrt_thread asrt_self;
/* Pushes block p (usable bytes) on bin. */
static inline void asrt_tcache_keep(void **bin, void *p, size_t usable)
{
	uintptr_t *b = p, key = asrt_key(p);
	b[0] = (uintptr_t)*bin;
	b[1] = key;
	b[2] = usable;
	*bin = p;
}
/* The 1..8 KiB range of the mid cache, inline: a cached block for a
 * request of n bytes (ASRT_SMALL_MAX < n <= ASRT_MID_CACHE_MAX) from the
 * first bin with one of its window: its own and, below 4 KiB, the 1 + i/4
 * above it (bin i), above, the next one, so less than 3/8 more than
 * asked, as the next bin alone gave at 1 KiB; or NULL. With the next bin
 * only, threads swapping blocks of every size (bench pool) missed twice
 * as often, and the heap carved new blocks beside cached ones that
 * fitted. */
static inline void *asrt_tcache_mid_pop(struct asrt_thread *t, size_t n)
{
	unsigned i = asrt_mid_bin(n);
	uint32_t m = t->mid_mask >> i & asrt_mid_window[i];
	if (!m)
		return NULL;
	i += (unsigned)__builtin_ctz(m);
	uintptr_t *b = t->mid_bin[i];
	if (!(t->mid_bin[i] = (void *)b[0]))
		t->mid_mask &= ~(1u << i);
	t->mid_room += b[2];
	t->mid_hits++;
	b[1] = 0; /* no stale free key */
	return b;
}
/* Caches mid-size block p (ours, not free, usable bytes) in that range
 * when it belongs there and the cache has room: 1, else 0. It goes to the
 * bin of the highest range whose top it reaches (one cut for a range
 * reaches its top). */
static inline int asrt_tcache_mid_push(struct asrt_thread *t, void *p,
				       size_t usable)
{
	if (usable < ASRT_SMALL_MAX + ASRT_MID_STEP || usable >= ASRT_MID_KEEP_MAX ||
	    usable > t->mid_room)
		return 0;
	unsigned i = asrt_mid_bin(usable + 1) - 1;
	asrt_tcache_keep(&t->mid_bin[i], p, usable);
	t->mid_mask |= 1u << i;
	t->mid_room -= usable;
	return 1;
}
/* Registers a new thread (the heap must be initialised). */
ASRT_HIDDEN void asrt_thread_setup(struct asrt_thread *t);
/* Blocks a thread's bin of each class holds at most (and its spill holds). */
extern ASRT_HIDDEN uint32_t asrt_tcache_caps[ASRT_NCLASS];
ASRT_HIDDEN void *asrt_tcache_refill(struct asrt_thread *t, unsigned cls);
/* A cached block for a request of *n bytes (ASRT_SMALL_MAX < *n <=
 * ASRT_BIG_CACHE_MAX), or NULL; *n is then what to ask the heap for (cut
 * to the top of its range up to ASRT_MID_CACHE_MAX). */
ASRT_HIDDEN void *asrt_tcache_mid_take(struct asrt_thread *t, size_t *n);
/* Frees mid-size block p (ours, not free, usable bytes): into t's cache,
 * or to its arena's heap (without waiting for the arena's lock). */
ASRT_HIDDEN void asrt_tcache_mid_free(struct asrt_thread *t, void *p,
				      size_t usable);
/* Sends the blocks on their way to the heap there (before t asks it). */
ASRT_HIDDEN void asrt_tcache_mid_send(struct asrt_thread *t);
/* A free found bin cls full: the bin is set aside (spill), and the one set
 * aside before, if any, goes to its arena. */
ASRT_HIDDEN void asrt_tcache_spill(struct asrt_thread *t, unsigned cls);
/* Counts a slow-path event; every so many, returns the bin and spill of a
 * class left idle since the last look to the slabs (a ready thread). */
ASRT_HIDDEN void asrt_tcache_collect(struct asrt_thread *t);
/* Hands bin cls and its spill to the arenas (the thread exits). */
ASRT_HIDDEN void asrt_tcache_flush(struct asrt_thread *t, unsigned cls);
ASRT_HIDDEN void asrt_tcache_init(void);
ASRT_HIDDEN void asrt_tcache_fork_prepare(void);
ASRT_HIDDEN void asrt_tcache_fork_parent(void);
ASRT_HIDDEN void asrt_tcache_fork_child(void);
/* Sums allocation and free counts of all threads, past and present. */
ASRT_HIDDEN void asrt_tcache_counts(uint64_t *nalloc, uint64_t *nfree);

/* ---- asrt_init.c ------------------------------------------------------- */
extern ASRT_HIDDEN atomic_int asrt_ready;
/* Initialises the heap once; safe from any thread, never allocates (so the
 * first call may come from the dynamic loader, dlsym or dlerror). */
ASRT_HIDDEN void asrt_init_slow(void);
static inline void asrt_init(void)
{
	if (ASRT_UNLIKELY(!atomic_load_explicit(&asrt_ready, memory_order_acquire)))
		asrt_init_slow();
}
/* The calling thread, set up on first use. */
static inline struct asrt_thread *asrt_thread(void)
{
	struct asrt_thread *t = &asrt_self;
	if (ASRT_UNLIKELY(t->state == ASRT_T_NEW)) {
		asrt_init();
		asrt_thread_setup(t);
	}
	return t;
}

/* ---- asrt_stats.c ------------------------------------------------------ */
/* X(name, source, description): every figure of the ASRT_STATS report, in
 * its order. COUNTER: a heap-wide counter kept as the heap runs (on slow
 * paths only); AT_EXIT: taken when the report is written. A new figure is
 * one row here (and, for AT_EXIT, one assignment in asrt_stats.c). */
#define ASRT_STATS(X)                                                                \
	X(allocations, AT_EXIT, "blocks handed out, all threads")                    \
	X(frees, AT_EXIT, "blocks freed, all threads")                               \
	X(live, COUNTER, "bytes held by the program and caches (64 KiB a thread)")   \
	X(peak, COUNTER, "highest value of live")                                    \
	X(pages_returned, COUNTER, "pages handed back with madvise or munmap")       \
	X(purges, COUNTER, "madvise or batched process_madvise calls")               \
	X(pages_populated, COUNTER, "pages of fresh blocks prefaulted in one call")  \
	X(os_mapped, COUNTER, "bytes currently mapped from the kernel")              \
	X(huge_allocs, COUNTER, "blocks mapped alone")                               \
	X(huge_cached, AT_EXIT, "bytes of freed mappings waiting for reuse")         \
	X(rss_final, AT_EXIT, "VmRSS at exit")                                       \
	X(rss_peak, AT_EXIT, "VmHWM at exit")                                        \
	X(mid_live, AT_EXIT, "bytes in used mid-heap chunks, headers included")      \
	X(mid_resident_used, AT_EXIT, "resident mid pages holding a used chunk")     \
	X(mid_resident_free, AT_EXIT, "resident mid pages holding free memory only") \
	X(arenas, AT_EXIT, "arenas set up")                                          \
	X(arenas_used, AT_EXIT, "arenas some thread was assigned to")

#define ASRT_STAT_FIELD_COUNTER(name) _Atomic size_t name;
#define ASRT_STAT_FIELD_AT_EXIT(name)
struct asrt_stats {
#define ASRT_STAT_FIELD(name, src, desc) ASRT_STAT_FIELD_##src(name)
	ASRT_STATS(ASRT_STAT_FIELD)
#undef ASRT_STAT_FIELD
};
extern ASRT_HIDDEN struct asrt_stats asrt_stats;
/* A thread's changes to live reach the shared counters in batches of this
 * many bytes, so that threads going to their heaps do not all write the
 * same two words. live then lags by ASRT_LIVE_BATCH a thread at most, and
 * may dip below 0 while one thread frees what another has not published
 * yet; peak misses as much. */
#define ASRT_LIVE_BATCH ((int64_t)64 << 10)
ASRT_HIDDEN void asrt_stats_live_publish(int64_t d);
/* A thread without a cache (not set up, exited) publishes at once: no
 * exit of its own will flush it. */
static inline void asrt_stats_live_add(size_t n)
{
	struct asrt_thread *t = &asrt_self;
	int64_t d = t->live_owed + (int64_t)n;
	if (ASRT_LIKELY(t->state == ASRT_T_READY && d < ASRT_LIVE_BATCH)) {
		t->live_owed = d;
		return;
	}
	t->live_owed = 0;
	asrt_stats_live_publish(d);
}
static inline void asrt_stats_live_sub(size_t n)
{
	struct asrt_thread *t = &asrt_self;
	int64_t d = t->live_owed - (int64_t)n;
	if (ASRT_LIKELY(t->state == ASRT_T_READY && d > -ASRT_LIVE_BATCH)) {
		t->live_owed = d;
		return;
	}
	t->live_owed = 0;
	asrt_stats_live_publish(d);
}
/* Publishes what t owes to live (t exits, or the report is taken). */
ASRT_HIDDEN void asrt_stats_live_flush(struct asrt_thread *t);
/* live as published, 0 while frees of one thread are ahead of the
 * allocations another still owes. */
ASRT_HIDDEN size_t asrt_stats_live(void);
static inline void asrt_stats_add(_Atomic size_t *c, size_t n)
{
	atomic_fetch_add_explicit(c, n, memory_order_relaxed);
}
/* Writes the JSON report when ASRT_STATS is set; called at exit. */
ASRT_HIDDEN void asrt_stats_report(void);
/* Takes what the report needs before the program can close it. */
ASRT_HIDDEN void asrt_stats_init(void);

#endif
