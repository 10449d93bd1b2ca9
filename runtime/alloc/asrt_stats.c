/* Heap statistics and the ASRT_STATS report written at exit. The report is
 * formatted into a static buffer and written with write(2); only the
 * per-site records of the helpers library (when linked in) go through
 * stdio. */
#include "asrt_internal.h"
#include "asrt_stats_env.h"

#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct asrt_stats asrt_stats;

/* Tells the helpers library that the allocator is present and owns the
 * report (it is declared weak there). */
int asrt__heap_present = 1;

/* Per-site records from the helpers library, if it is linked in. */
extern void asrt__sites_json(FILE *out) __attribute__((weak));

/* ASRT_STATS=1: a copy of stderr taken at start-up, because programs such
 * as sort close stderr in an atexit handler, before this library's
 * destructor runs. Its identity is kept so that a descriptor the program
 * closed and reused for another file is never written to. */
static int early_fd = -1;
static dev_t early_dev;
static ino_t early_ino;

static int same_file(int fd, dev_t dev, ino_t ino)
{
	struct stat st;
	return fstat(fd, &st) == 0 && st.st_dev == dev && st.st_ino == ino;
}

void asrt_stats_init(void)
{
	const char *dest = asrt_stats_dest(asrt_option_text(ASRT_OPT_STATS));
	struct stat st;
	if (!dest || !asrt_stats_to_stderr(dest) || fstat(2, &st) != 0)
		return;
	early_fd = fcntl(2, F_DUPFD_CLOEXEC, 10);
	early_dev = st.st_dev;
	early_ino = st.st_ino;
}

/* The early copy if it still names the stderr of start-up, else the current
 * stderr if it is open, else -1 (the report is lost). */
static int stderr_fd(void)
{
	if (early_fd >= 0 && same_file(early_fd, early_dev, early_ino))
		return early_fd;
	return fcntl(2, F_GETFD) >= 0 ? 2 : -1;
}

void asrt_stats_live_publish(int64_t d)
{
	if (d < 0) {
		atomic_fetch_sub_explicit(&asrt_stats.live, (size_t)-d,
					  memory_order_relaxed);
		return;
	}
	/* Signed: a live below 0 is no peak. */
	ptrdiff_t now = (ptrdiff_t)(atomic_fetch_add_explicit(&asrt_stats.live, (size_t)d,
							      memory_order_relaxed) +
				    (size_t)d);
	size_t peak = atomic_load_explicit(&asrt_stats.peak, memory_order_relaxed);
	while (now > (ptrdiff_t)peak &&
	       !atomic_compare_exchange_weak_explicit(&asrt_stats.peak, &peak, (size_t)now,
						      memory_order_relaxed,
						      memory_order_relaxed))
		;
}

void asrt_stats_live_flush(struct asrt_thread *t)
{
	int64_t d = t->live_owed;
	t->live_owed = 0;
	if (d)
		asrt_stats_live_publish(d);
}

size_t asrt_stats_live(void)
{
	ptrdiff_t v = (ptrdiff_t)atomic_load_explicit(&asrt_stats.live,
						      memory_order_relaxed);
	return v > 0 ? (size_t)v : 0;
}

struct out {
	char buf[4096];
	size_t len;
};

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(o->buf + o->len, sizeof o->buf - o->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n < sizeof o->buf - o->len ? (size_t)n
							     : sizeof o->buf - o->len - 1;
}

static void write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);
		if (k <= 0)
			return;
		p += k;
		n -= (size_t)k;
	}
}

/* Every figure of the report, counters and those taken at exit alike. */
struct report {
#define ASRT_STAT_ALL(name, src, desc) size_t name;
	ASRT_STATS(ASRT_STAT_ALL)
#undef ASRT_STAT_ALL
};

#define ASRT_STAT_TAKE_COUNTER(r, name) (r)->name = atomic_load(&asrt_stats.name);
#define ASRT_STAT_TAKE_AT_EXIT(r, name)

static void take(struct report *r)
{
#define ASRT_STAT_TAKE(name, src, desc) ASRT_STAT_TAKE_##src(r, name)
	asrt_stats_live_flush(&asrt_self);
	ASRT_STATS(ASRT_STAT_TAKE)
#undef ASRT_STAT_TAKE
	r->live = asrt_stats_live();
	uint64_t nalloc, nfree;
	asrt_tcache_counts(&nalloc, &nfree);
	r->allocations = (size_t)nalloc;
	r->frees = (size_t)nfree;
	r->huge_cached = asrt_huge_cached();
	asrt_os_rss(&r->rss_final, &r->rss_peak);
	r->arenas = asrt_narenas;
	/* An arena busy in another thread at exit is left out, not waited for. */
	size_t used_pages = 0, free_pages = 0;
	for (unsigned i = 0; i < asrt_narenas; i++) {
		struct asrt_arena *a = &asrt_arenas[i];
		r->arenas_used += (size_t)a->used;
		if (!asrt_arena_trylock(a))
			continue;
		asrt_mid_census(a, &used_pages, &free_pages);
		r->mid_live += a->mid.live;
		asrt_arena_unlock(a);
	}
	r->mid_resident_used = used_pages * ASRT_PAGE;
	r->mid_resident_free = free_pages * ASRT_PAGE;
}

void asrt_stats_report(void)
{
	const char *path = asrt_stats_dest(asrt_option_text(ASRT_OPT_STATS));
	if (!atomic_load(&asrt_ready) || !path)
		return;
	int to_stderr = asrt_stats_to_stderr(path);
	/* Every process of a preloaded pipeline writes at exit: each writes a
	 * temporary of its own and renames it over the path, so the file is
	 * one whole report (the last), never two interleaved. A device or a
	 * FIFO (not a regular file) is written in place. */
	static char tmp[4096];
	struct stat st;
	int renamed = !to_stderr && (stat(path, &st) != 0 || S_ISREG(st.st_mode)) &&
		      snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid()) < (int)sizeof tmp;
	int fd = to_stderr ? stderr_fd()
			   : open(renamed ? tmp : path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	static struct out o;
	o.len = 0;
	struct report r = { 0 };
	take(&r);
	put(&o, "{\"allocator\": \"asrt\"");
#define ASRT_STAT_PUT(name, src, desc) put(&o, ", \"%s\": %zu", #name, r.name);
	ASRT_STATS(ASRT_STAT_PUT)
#undef ASRT_STAT_PUT
	if (asrt__sites_json) {
		put(&o, ", \"sites\": ");
		write_all(fd, o.buf, o.len);
		o.len = 0;
		FILE *f = to_stderr && fd == 2 ? stderr : fdopen(dup(fd), "w");
		if (f) {
			asrt__sites_json(f);
			if (f == stderr)
				fflush(f);
			else
				fclose(f);
		}
	}
	put(&o, "}\n");
	write_all(fd, o.buf, o.len);
	if (!to_stderr)
		close(fd);
	if (renamed && rename(tmp, path) != 0)
		unlink(tmp);
}

__attribute__((destructor)) static void stats_at_exit(void)
{
	asrt_stats_report();
}
