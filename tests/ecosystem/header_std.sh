#!/usr/bin/env bash
# The runtime headers compile without a warning in every C standard from C89
# and in C++, with gcc and clang, under -Werror and the warnings projects
# commonly turn on, and asrt.h with ASRT_NO_INLINE: rewritten and
# instrumented code adds them to units of any -std. asrt_probe.h's macros
# keep their argument's type (checked where the language can), and the
# header refuses a compiler that is not GNU-compatible with a clear message.
# Usage: header_std.sh SOURCE-ROOT
set -u
root=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0

# Every helper and macro used, so that the inline paths are compiled too.
cat >"$work/use.c" <<'C'
#include <asrt/asrt.h>
#include <stdlib.h>

static const char text[] = "abc";

int asrt_header_use(void);
int asrt_header_use(void)
{
	char *a = (char *)ASRT_MEMDUP(text, sizeof text);
	char *b = (char *)asrt_memdup(text, asrt_size_mul(2, 2));
	const char *c = (const char *)ASRT_COW_SHARE(text, sizeof text);
	char *d = (char *)ASRT_COW_MUT((void *)(size_t)c, sizeof text);
	char *e = (char *)ASRT_GROW(a, 64);
	char *f = (char *)asrt_grow(b, 64);
	void *g = asrt_cow_share(text, 1);
	int ok = a && b && c && d && e && f && g;

	ASRT_COW_RELEASE(d);
	asrt_cow_release(g);
	free(e);
	free(f);
	return ok;
}
C
# The same in C++'s own casts, so that -Wold-style-cast judges the header only.
sed -e 's/(char \*)\(.*\);$/static_cast<char *>(\1);/' -e 's/(const char \*)\(.*\);$/static_cast<const char *>(\1);/' \
	-e 's/(void \*)(size_t)c/const_cast<char *>(c)/' "$work/use.c" >"$work/use.cc"

# The probes as the instrumenter writes them, beside asrt.h.
cat >"$work/probe.c" <<'C'
#include <asrt/asrt_probe.h>
#include <asrt/asrt.h>
#include <stdlib.h>
#include <string.h>

struct node {
	int v;
};
enum colour { RED, GREEN };

#if defined(__cplusplus) && __cplusplus >= 201103L
#include <type_traits>
#define SAME_TYPE(e, T) static_assert(std::is_same<decltype(e), T>::value, #e)
#elif !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define SAME_TYPE(e, T) _Static_assert(__builtin_types_compatible_p(__typeof__(e), T), #e)
#else
#define SAME_TYPE(e, T) /* no static assertion in this language */
#endif

struct node *asrt_probe_use(char *dst, const char *src, size_t n, struct node *p, size_t count);
struct node *asrt_probe_use(char *dst, const char *src, size_t n, struct node *p, size_t count)
{
	char buf[8] = "buf";
	unsigned char small = 3;
	long l = -2;
	enum colour c = GREEN;
	struct node *q;
	void *d;

	memcpy(dst, src, ASRT_PROBE_N("u.c:1:alloc-copy#1", ASRT_PROBE_COPY, 1, n));
	q = ASRT_PROBE_NEW("u.c:2:realloc-churn#2",
			   realloc(ASRT_PROBE_OLD("u.c:2:realloc-churn#2", p),
				   ASRT_PROBE_N("u.c:2:realloc-churn#2", ASRT_PROBE_REALLOC, sizeof *p, count)));
	d = malloc(strlen(ASRT_PROBE_STR("u.c:3:dup-call#3", ASRT_PROBE_DUP, buf)) + 1);
	asrt_probe_note("u.c:4:alloc-copy#4", ASRT_PROBE_ALLOC, 16);
	free(d);
	if (ASRT_PROBE_N("u.c:5", ASRT_PROBE_ALLOC, 1, small) != 3 || ASRT_PROBE_N("u.c:5", ASRT_PROBE_ALLOC, 1, l) != -2 ||
	    ASRT_PROBE_N("u.c:5", ASRT_PROBE_ALLOC, 1, asrt_probe_n("u.c:8", ASRT_PROBE_ALLOC, 1, 4)) != 4 ||
	    ASRT_PROBE_N("u.c:5", ASRT_PROBE_ALLOC, 1, c) != GREEN ||
	    ASRT_PROBE_STR("u.c:6", ASRT_PROBE_DUP, src) != src)
		return ASRT_PROBE_OLD("u.c:7", q);
	{
		SAME_TYPE(ASRT_PROBE_N("u.c:5", ASRT_PROBE_ALLOC, 1, small), unsigned char);
		SAME_TYPE(ASRT_PROBE_N("u.c:5", ASRT_PROBE_ALLOC, 1, n), size_t);
		SAME_TYPE(ASRT_PROBE_N("u.c:5", ASRT_PROBE_ALLOC, 1, l), long);
		SAME_TYPE(ASRT_PROBE_OLD("u.c:7", q), struct node *);
		SAME_TYPE(ASRT_PROBE_STR("u.c:6", ASRT_PROBE_DUP, src), const char *);
		SAME_TYPE(ASRT_PROBE_STR("u.c:6", ASRT_PROBE_DUP, buf), char *);
	}
	return q;
}
C
# In C++ realloc's result needs a cast of its own.
sed -e 's/q = ASRT_PROBE_NEW(/q = static_cast<struct node *>(ASRT_PROBE_NEW(/' \
	-e 's/sizeof \*p, count)));/sizeof *p, count))));/' "$work/probe.c" >"$work/probe.cc"

c_warn="-Wall -Wextra -pedantic -Werror -Wmissing-prototypes -Wstrict-prototypes -Wold-style-definition
	-Wshadow -Wcast-qual -Wundef -Wredundant-decls -Wconversion -Wsign-conversion -Wwrite-strings
	-Wmissing-declarations -Wnested-externs -Wbad-function-cast"
cxx_warn="-Wall -Wextra -pedantic -Werror -Wshadow -Wcast-qual -Wundef -Wredundant-decls -Wconversion
	-Wsign-conversion -Wold-style-cast -Wuseless-cast -Wzero-as-null-pointer-constant"

try() {
	local title=$1
	shift
	if "$@" -I"$root/runtime/include" -O2 -c -o "$work/out.o" 2>"$work/err.txt"; then
		echo "ok: $title"
		pass=$((pass + 1))
	else
		echo "FAIL: $title"
		echo "  command: $*"
		sed 's/^/  /' "$work/err.txt"
		fail=$((fail + 1))
	fi
}

for cc in gcc clang; do
	for std in c89 c90 gnu89 c99 c11 gnu11 c17 gnu17; do
		extra=""
		case $std in *89|*90) extra=-Wdeclaration-after-statement ;; esac
		for inl in "" -DASRT_NO_INLINE; do
			# -Wuseless-cast and -Wnested-externs are not clang's: it would warn about them.
			warn=$c_warn
			[ $cc = clang ] && warn=$(echo "$warn" | sed 's/-Wbad-function-cast//')
			try "$cc -std=$std $inl" $cc -std=$std $warn $extra $inl -x c "$work/use.c"
		done
		try "$cc -std=$std asrt_probe.h" $cc -std=$std $warn $extra -x c "$work/probe.c"
	done
done
for cxx in g++ clang++; do
	for std in c++98 c++11 c++17 c++20; do
		warn=$cxx_warn
		[ $cxx = clang++ ] && warn=$(echo "$warn" | sed 's/-Wuseless-cast//')
		# NULL is not nullptr before C++11; the warning is about the test's own code.
		[ $std = c++98 ] && warn=$(echo "$warn" | sed 's/-Wzero-as-null-pointer-constant//')
		try "$cxx -std=$std" $cxx -std=$std $warn -x c++ "$work/use.cc"
		try "$cxx -std=$std asrt_probe.h" $cxx -std=$std $warn -x c++ "$work/probe.cc"
	done
done
# Not a GNU compiler (as far as the header can tell): a clear #error.
if gcc -U__GNUC__ -fsyntax-only -I"$root/runtime/include" -x c "$work/probe.c" 2>"$work/err.txt" ||
	! grep -q 'error: #error "asrt_probe.h needs a GNU C/C++ compiler (gcc or clang): its macros keep each argument.s type with __typeof__"' "$work/err.txt"; then
	echo "FAIL: asrt_probe.h without __GNUC__"
	sed 's/^/  /' "$work/err.txt"
	fail=$((fail + 1))
else
	echo "ok: asrt_probe.h without __GNUC__"
	pass=$((pass + 1))
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
