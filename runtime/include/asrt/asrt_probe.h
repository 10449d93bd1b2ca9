/* asrt_probe.h — the counting probes `allocscan --instrument` puts at its
 * findings. A probe wraps one expression of the original code, records what
 * it saw under the finding's site and yields the expression's value and type
 * unchanged, so the instrumented program behaves exactly as before.
 *
 * A site is a string literal "FILE:LINE:RULE#HASH", opaque to the runtime:
 * equal texts are one site (each translation unit has its own copy) and the
 * pointer is kept until exit. Per site the runtime counts calls and bytes of
 * each kind, realloc moves and the bytes they copied, and the largest single
 * call, and at exit writes them as JSON to the file $ASRT_PROFILE names
 * (docs/runtime-api.md, "Probes and profiles"). Counting is always on; only
 * the file depends on the variable, read at exit.
 *
 * Every function is safe from any number of threads, never allocates, and
 * never reads the memory a pointer argument points to (pointers may come from
 * any allocator, a pool's included). Link -lasrt_core or -lasrt.
 *
 * The macros need a GNU C or C++ compiler (gcc, clang): they keep the type of
 * their argument with __typeof__ (C) or a template (C++). Each evaluates its
 * expression argument exactly once. The sizes of ASRT_PROBE_N must have an
 * integer type other than a bit-field (__typeof__ refuses bit-fields).
 */
#ifndef ASRT_RUNTIME_ASRT_PROBE_H_
#define ASRT_RUNTIME_ASRT_PROBE_H_

#if !defined(__GNUC__)
#error "asrt_probe.h needs a GNU C/C++ compiler (gcc or clang): its macros keep each argument's type with __typeof__"
#endif

#include <stdint.h>

/* As in asrt.h, which may be included before or after this header. */
#ifndef ASRT_API
#define ASRT_API __attribute__((visibility("default")))
#endif

/* What a probe counts: the kind of call it stands at. */
#define ASRT_PROBE_ALLOC 0   /* an allocation; bytes allocated */
#define ASRT_PROBE_COPY 1    /* a copy; bytes copied */
#define ASRT_PROBE_REALLOC 2 /* a realloc; bytes of the new size requested */
#define ASRT_PROBE_DUP 3     /* a string or memory dup; bytes duplicated */

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter names are asrt__-prefixed, as in asrt.h: the header is read
 * after the file's own macros (#define n 12, #define site 4). */

/* unsigned long long, spelled once so that C90 and C++98 under -pedantic
 * accept it. Not part of the interface. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wlong-long"
typedef unsigned long long asrt__probe_u64;
#pragma GCC diagnostic pop

/* Records one call of kind at site with n * elem bytes (saturating at the
 * largest value); elem == 0 means the bytes are unknown: the call is counted,
 * no bytes are. Returns n. */
ASRT_API asrt__probe_u64 asrt_probe_n(const char *asrt__site, int asrt__kind,
				      asrt__probe_u64 asrt__elem, asrt__probe_u64 asrt__n);

/* Records one call of kind at site with bytes bytes: for a probe evaluated
 * ahead of a call it cannot wrap (a macro). */
ASRT_API void asrt_probe_note(const char *asrt__site, int asrt__kind,
			      asrt__probe_u64 asrt__bytes);

/* The two halves of a probed realloc, p = NEW(realloc(OLD(p), N(size))).
 * asrt_probe_old remembers old, the pointer about to be reallocated, on a
 * stack of this thread's (16 deep; pairs nest last in, first out) and returns
 * it. asrt_probe_new takes the top entry if it is for the same site (else it
 * counts nothing and leaves the stack alone); when result and old are both
 * non-NULL and differ it counts one move, and adds to the bytes moved the
 * smaller of the old and new sizes when the old size is known: when old was
 * the result of an earlier asrt_probe_new on this thread (a small cache of
 * recent results and the size the latest REALLOC probe at their site asked
 * for). Returns result. A pair whose entry did not fit (deeper than 16) or
 * was evicted counts no move. */
ASRT_API const void *asrt_probe_old(const char *asrt__site, const void *asrt__old);
ASRT_API const void *asrt_probe_new(const char *asrt__site, const void *asrt__result);

/* Records one call of kind at site with strlen(s) + 1 bytes (s == NULL: the
 * call, no bytes). Returns s. */
ASRT_API const char *asrt_probe_str(const char *asrt__site, int asrt__kind,
				    const char *asrt__s);

#ifdef __cplusplus
}

/* C++: templates return the argument itself, with its exact type. */
template <typename asrt__T>
inline asrt__T asrt__probe_n_cxx(const char *asrt__site, int asrt__kind, asrt__probe_u64 asrt__elem,
				 asrt__T asrt__e)
{
	asrt_probe_n(asrt__site, asrt__kind, asrt__elem, static_cast<asrt__probe_u64>(asrt__e));
	return asrt__e;
}

template <typename asrt__T>
inline asrt__T *asrt__probe_old_cxx(const char *asrt__site, asrt__T *asrt__p)
{
	asrt_probe_old(asrt__site, asrt__p);
	return asrt__p;
}

template <typename asrt__T>
inline asrt__T *asrt__probe_new_cxx(const char *asrt__site, asrt__T *asrt__p)
{
	asrt_probe_new(asrt__site, asrt__p);
	return asrt__p;
}

template <typename asrt__T>
inline asrt__T *asrt__probe_str_cxx(const char *asrt__site, int asrt__kind, asrt__T *asrt__s)
{
	asrt_probe_str(asrt__site, asrt__kind, asrt__s);
	return asrt__s;
}

#define ASRT_PROBE_N(site, kind, elem, e) \
	asrt__probe_n_cxx((site), (kind), (elem), (e))
#define ASRT_PROBE_OLD(site, p) asrt__probe_old_cxx((site), (p))
#define ASRT_PROBE_NEW(site, p) asrt__probe_new_cxx((site), (p))
#define ASRT_PROBE_STR(site, kind, s) asrt__probe_str_cxx((site), (kind), (s))

#else /* C */

/* Neither the argument nor the call's result is cast straight to a type of
 * another kind (an integer from a pointer, an integer from an enum), so that
 * -Wbad-function-cast has nothing to say when the argument is itself a call;
 * the result goes back to a pointer through uintptr_t, so that -Wcast-qual
 * has nothing to say either. The pointer macros give back the type of
 * `1 ? p : (void *)0`: p's own, an array decayed to a pointer, and void *
 * for a null pointer constant (0 or NULL). */
#define ASRT_PROBE_N(site, kind, elem, e)                                      \
	((__typeof__(e))(asrt_probe_n((site), (kind), (asrt__probe_u64)(elem), \
				      (asrt__probe_u64)((e) + 0)) +            \
			 0u))
#define ASRT_PROBE_OLD(site, p)                                                    \
	((__typeof__(1 ? (p) : (void *)0))(uintptr_t)(const char *)asrt_probe_old( \
		(site), (const void *)(p)))
/* NEW gives back the allocation's own result, not the probe's, so that the
 * compiler still knows the block's size from the allocator's alloc_size
 * attribute (__builtin_dynamic_object_size reads it). */
#define ASRT_PROBE_NEW(site, p)                                               \
	__extension__({                                                       \
		__typeof__(1 ? (p) : (void *)0) asrt__new_result = (p);       \
		(void)asrt_probe_new((site), (const void *)asrt__new_result); \
		asrt__new_result;                                             \
	})
#define ASRT_PROBE_STR(site, kind, s)                                              \
	((__typeof__(1 ? (s) : (void *)0))(uintptr_t)(const void *)asrt_probe_str( \
		(site), (kind), (const char *)(s)))

#endif /* __cplusplus */

#endif /* ASRT_RUNTIME_ASRT_PROBE_H_ */
