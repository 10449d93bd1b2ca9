/* OS layer: mappings, page release, the registry of segments we own, and
 * reading the process's RSS. Nothing here allocates. */
#include "asrt_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

_Atomic uint64_t asrt_os_registry[((size_t)1 << ASRT_REG_BITS) / 64];

/* size bytes at a multiple of align without mapping more than size at any
 * time: map them anywhere; if misaligned, unmap and ask for the aligned
 * addresses just below and above (free, or near free, space). NULL if
 * none will do. */
static void *map_aligned_exact(size_t size, size_t align)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
	char *raw = mmap(NULL, size, PROT_READ | PROT_WRITE, flags, -1, 0);
	if (raw == MAP_FAILED)
		return NULL;
	uintptr_t down = (uintptr_t)raw & ~(uintptr_t)(align - 1);
	if (down == (uintptr_t)raw)
		return raw;
	munmap(raw, size);
	uintptr_t tries[2] = { down, down + align };
	for (int i = 0; i < 2; i++) {
		if (tries[i] + size < tries[i]) /* wraps */
			continue;
		char *q = mmap((void *)tries[i], size, PROT_READ | PROT_WRITE,
			       flags | MAP_FIXED_NOREPLACE, -1, 0);
		if (q == MAP_FAILED)
			continue;
		if ((uintptr_t)q == tries[i])
			return q;
		munmap(q, size); /* a kernel before 4.17 took it as a hint */
	}
	return NULL;
}

void *asrt_os_map(size_t size, size_t align)
{
	size_t span = size + align;
	if (span < size) {
		errno = ENOMEM;
		return NULL;
	}
	char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (raw == MAP_FAILED) {
		/* The over-map may not fit where the exact size does (RLIMIT_AS,
     * ulimit -v: glibc runs a shell in 12 MB): map the size alone. */
		char *q = map_aligned_exact(size, align);
		if (q)
			asrt_stats_add(&asrt_stats.os_mapped, size);
		else
			errno = ENOMEM;
		return q;
	}
	/* Over-map, then cut the misaligned head and the tail off. */
	char *p = (char *)(((uintptr_t)raw + align - 1) & ~(uintptr_t)(align - 1));
	if (p > raw)
		munmap(raw, (size_t)(p - raw));
	if (p + size < raw + span)
		munmap(p + size, (size_t)(raw + span - (p + size)));
	asrt_stats_add(&asrt_stats.os_mapped, size);
	return p;
}

void asrt_os_unmap(void *p, size_t size)
{
	munmap(p, size);
	atomic_fetch_sub_explicit(&asrt_stats.os_mapped, size, memory_order_relaxed);
	asrt_stats_add(&asrt_stats.pages_returned, size / ASRT_PAGE);
}

void asrt_os_purge(void *p, size_t size)
{
	struct asrt_purge_batch one = { 0 };
	asrt_os_purge_add(&one, p, size);
	asrt_os_purge_flush(&one);
}

void asrt_os_purge_add(struct asrt_purge_batch *b, void *p, size_t size)
{
	uintptr_t lo = ((uintptr_t)p + ASRT_PAGE - 1) & ~(ASRT_PAGE - 1);
	uintptr_t hi = ((uintptr_t)p + size) & ~(ASRT_PAGE - 1);
	if (hi <= lo)
		return;
	b->iov[b->n].iov_base = (void *)lo;
	b->iov[b->n].iov_len = hi - lo;
	asrt_stats_add(&asrt_stats.pages_returned, (hi - lo) / ASRT_PAGE);
	b->bytes += hi - lo;
	if (++b->n == ASRT_PURGE_BATCH || b->bytes >= ASRT_PURGE_BATCH_BYTES)
		asrt_os_purge_flush(b);
}

#ifndef PIDFD_SELF
#define PIDFD_SELF (-10000) /* Linux 6.14: the calling thread, no fd */
#endif

static atomic_int batch_broken; /* the kernel refused process_madvise */

void asrt_os_purge_flush(struct asrt_purge_batch *b)
{
	if (!b->n)
		return;
	int saved = errno;
	size_t total = 0;
	for (unsigned i = 0; i < b->n; i++)
		total += b->iov[i].iov_len;
	/* PIDFD_SELF never names another process: an older kernel answers
   * EBADF, and each range then gets its own madvise. */
	long done = -1;
	if (b->n > 1 &&
	    !atomic_load_explicit(&batch_broken, memory_order_relaxed)) {
		done = syscall(SYS_process_madvise, PIDFD_SELF, b->iov, (size_t)b->n,
			       MADV_DONTNEED, 0u);
		if (done < 0)
			atomic_store_explicit(&batch_broken, 1, memory_order_relaxed);
	}
	if (done >= 0 && (size_t)done == total) {
		asrt_stats_add(&asrt_stats.purges, 1);
	} else {
		for (unsigned i = 0; i < b->n; i++)
			madvise(b->iov[i].iov_base, b->iov[i].iov_len, MADV_DONTNEED);
		asrt_stats_add(&asrt_stats.purges, b->n);
	}
	b->n = 0;
	b->bytes = 0;
	errno = saved;
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif

static atomic_int populate_broken; /* the kernel refused it once */

void asrt_os_populate(void *p, size_t size)
{
	uintptr_t lo = (uintptr_t)p & ~(ASRT_PAGE - 1);
	uintptr_t hi = ((uintptr_t)p + size + ASRT_PAGE - 1) & ~(ASRT_PAGE - 1);
	if (atomic_load_explicit(&populate_broken, memory_order_relaxed))
		return;
	int saved = errno;
	if (madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE) != 0 &&
	    errno == EINVAL)
		atomic_store_explicit(&populate_broken, 1, memory_order_relaxed);
	else
		asrt_stats_add(&asrt_stats.pages_populated, (hi - lo) / ASRT_PAGE);
	errno = saved;
}

static void mapped_changed(size_t old_size, size_t new_size)
{
	if (new_size > old_size)
		asrt_stats_add(&asrt_stats.os_mapped, new_size - old_size);
	else
		atomic_fetch_sub_explicit(&asrt_stats.os_mapped, old_size - new_size,
					  memory_order_relaxed);
}

int asrt_os_remap_inplace(void *p, size_t old_size, size_t new_size)
{
	void *q = mremap(p, old_size, new_size, 0);
	if (q == MAP_FAILED)
		return -1;
	mapped_changed(old_size, new_size);
	return 0;
}

#define PIECE ((size_t)1 << 20)

/* Moves [from, from + size) to [to, to + size) piece bytes at a time,
 * upward when up is set. Each destination is first claimed by a mapping
 * of our own (MAP_FIXED_NOREPLACE), so nothing of anyone else's is
 * replaced, and the address space in use grows by one piece at most. The
 * bytes moved: size, or those of the pieces that did, counted from the
 * start (up) or from the end. */
static size_t move_pieces(char *from, char *to, size_t size, size_t piece,
			  int up)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
		    MAP_FIXED_NOREPLACE;
	size_t done = 0;
	while (done < size) {
		size_t n = size - done < piece ? size - done : piece;
		size_t off = up ? done : size - done - n;
		char *claim = mmap(to + off, n, PROT_NONE, flags, -1, 0);
		if (claim == MAP_FAILED)
			break;
		if (claim != to + off ||
		    mremap(from + off, n, n, MREMAP_MAYMOVE | MREMAP_FIXED,
			   to + off) == MAP_FAILED) {
			munmap(claim, n);
			break;
		}
		done += n;
	}
	return done;
}

/* Puts moved pages back into the holes they left. Only another thread
 * mapping into those holes in the meantime can make this fail, and then
 * the block is in two places: there is no way to go on. */
static void move_back(char *from, char *to, size_t size, size_t piece, int up)
{
	if (move_pieces(from, to, size, piece, up) != size)
		asrt_die_unmovable(to);
}

/* The mapping of size bytes at q moved down to the aligned address just
 * below it; NULL (still at q) when something else lies there. Pieces no
 * larger than the shift never land on their own source. */
static char *realign_down(char *q, size_t size, size_t align)
{
	char *a = (char *)((uintptr_t)q & ~(uintptr_t)(align - 1));
	size_t shift = (size_t)(q - a);
	size_t piece = shift < PIECE ? shift : PIECE;
	if (!shift)
		return q;
	size_t done = move_pieces(q, a, size, piece, 1);
	if (done == size)
		return a;
	/* Last piece first: a piece may land where an earlier one was. */
	move_back(a, q, done, piece, 0);
	return NULL;
}

/* As glibc grows a mapping it cannot grow in place: the kernel moves the
 * pages, which needs room for the growth only, where a fresh mapping needs
 * room for both (RLIMIT_AS); then down to alignment. NULL with the
 * mapping unchanged if either step fails. */
static void *remap_tight(char *p, size_t old_size, size_t new_size,
			 size_t align)
{
	char *q = mremap(p, old_size, new_size, MREMAP_MAYMOVE);
	if (q == MAP_FAILED)
		return NULL;
	char *r = realign_down(q, new_size, align);
	if (r) {
		mapped_changed(old_size, new_size);
		return r;
	}
	/* Shrinking in place cannot fail; [q, q + new_size) was free while p
   * was mapped, so the two do not overlap. */
	mremap(q, new_size, old_size, 0);
	move_back(q, p, old_size, PIECE, 1);
	return NULL;
}

void *asrt_os_remap(void *p, size_t old_size, size_t new_size, size_t align)
{
	if (asrt_os_remap_inplace(p, old_size, new_size) == 0)
		return p;
	char *q = asrt_os_map(new_size, align);
	if (!q)
		return remap_tight(p, old_size, new_size, align);
	/* The pages move with their page tables: no copy, no fault. */
	if (mremap(p, old_size, new_size, MREMAP_MAYMOVE | MREMAP_FIXED, q) ==
	    MAP_FAILED) {
		asrt_os_unmap(q, new_size);
		return NULL;
	}
	mapped_changed(old_size, 0);
	return q;
}

void asrt_os_register(void *seg)
{
	size_t g = (uintptr_t)seg >> ASRT_SEG_SHIFT;
	atomic_fetch_or_explicit(&asrt_os_registry[g / 64], (uint64_t)1 << (g % 64),
				 memory_order_release);
}

void asrt_os_unregister(void *seg)
{
	size_t g = (uintptr_t)seg >> ASRT_SEG_SHIFT;
	atomic_fetch_and_explicit(&asrt_os_registry[g / 64], ~((uint64_t)1 << (g % 64)),
				  memory_order_release);
}

/* "VmRSS:\t  123 kB" -> bytes */
static size_t status_field(const char *buf, const char *key)
{
	const char *s = strstr(buf, key);
	if (!s)
		return 0;
	s += strlen(key);
	while (*s == ' ' || *s == '\t')
		s++;
	size_t kb = 0;
	while (*s >= '0' && *s <= '9')
		kb = kb * 10 + (size_t)(*s++ - '0');
	return kb * 1024;
}

int asrt_os_rss(size_t *rss, size_t *hwm)
{
	char buf[4096];
	int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	*rss = status_field(buf, "VmRSS:");
	*hwm = status_field(buf, "VmHWM:");
	return 0;
}

/* The system call and a popcount rather than sched_getaffinity and
 * CPU_COUNT: those two lie in pages of libc no other start-up code
 * touches, and the kernel maps some 16 neighbours of each page faulted in,
 * which a small program pays in resident memory. */
int asrt_os_ncpu(void)
{
	unsigned long set[1024 / (8 * sizeof(unsigned long))] = { 0 };
	long got = syscall(SYS_sched_getaffinity, 0, sizeof set, set);
	int n = 0;
	for (long i = 0; i < got / (long)sizeof *set; i++)
		n += __builtin_popcountl(set[i]);
	return n > 0 ? n : 1;
}

uint64_t asrt_now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
	return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}
