/* The heap's one-time set-up, and fork: every layer is initialised here,
 * top-down, and every lock is taken around fork so that the child inherits
 * a consistent heap. */
#include "asrt_internal.h"

atomic_int asrt_ready;

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

static void fork_prepare(void)
{
	asrt_tcache_fork_prepare();
	asrt_arenas_lock_all();
	asrt_huge_fork_prepare();
}

static void fork_parent(void)
{
	asrt_huge_fork_parent();
	asrt_arenas_unlock_all();
	asrt_tcache_fork_parent();
}

static void fork_child(void)
{
	asrt_huge_fork_child();
	asrt_arenas_reset_locks();
	asrt_tcache_fork_child();
}

void asrt_init_slow(void)
{
	int first = 0;
	pthread_mutex_lock(&init_lock);
	if (!atomic_load_explicit(&asrt_ready, memory_order_relaxed)) {
		asrt_options_init();
		asrt_stats_init();
		asrt_check_init();
		long n = asrt_option(ASRT_OPT_ARENA_MAX);
		asrt_arenas_init(n <= 0                 ? (unsigned)asrt_os_ncpu()
				 : n > ASRT_ARENA_LIMIT ? ASRT_ARENA_LIMIT
							: (unsigned)n);
		asrt_tcache_init();
		atomic_store_explicit(&asrt_ready, 1, memory_order_release);
		first = 1;
	}
	pthread_mutex_unlock(&init_lock);
	/* After the heap is ready: registering may itself allocate. */
	if (first)
		pthread_atfork(fork_prepare, fork_parent, fork_child);
}
