#!/usr/bin/env bash
# The runtime header compiles without a warning in every C standard from C89
# and in C++, with gcc and clang, under -Werror and the warnings projects
# commonly turn on, and with ASRT_NO_INLINE: rewritten code adds it to units
# of any -std.
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

c_warn="-Wall -Wextra -pedantic -Werror -Wmissing-prototypes -Wstrict-prototypes -Wold-style-definition
	-Wshadow -Wcast-qual -Wundef -Wredundant-decls -Wconversion -Wsign-conversion -Wwrite-strings
	-Wmissing-declarations -Wnested-externs -Wbad-function-cast"
cxx_warn="-Wall -Wextra -pedantic -Werror -Wshadow -Wcast-qual -Wundef -Wredundant-decls -Wconversion
	-Wsign-conversion -Wold-style-cast -Wuseless-cast -Wzero-as-null-pointer-constant"

try() {
	local title=$1
	shift
	if "$@" -I"$root/runtime/include" -O2 -c -o "$work/use.o" 2>"$work/err.txt"; then
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
	for std in c89 c90 gnu89 c99 c11 c17 gnu17; do
		extra=""
		case $std in *89|*90) extra=-Wdeclaration-after-statement ;; esac
		for inl in "" -DASRT_NO_INLINE; do
			# -Wuseless-cast and -Wnested-externs are not clang's: it would warn about them.
			warn=$c_warn
			[ $cc = clang ] && warn=$(echo "$warn" | sed 's/-Wbad-function-cast//')
			try "$cc -std=$std $inl" $cc -std=$std $warn $extra $inl -x c "$work/use.c"
		done
	done
done
for cxx in g++ clang++; do
	for std in c++98 c++11 c++17 c++20; do
		warn=$cxx_warn
		[ $cxx = clang++ ] && warn=$(echo "$warn" | sed 's/-Wuseless-cast//')
		# NULL is not nullptr before C++11; the warning is about the test's own code.
		[ $std = c++98 ] && warn=$(echo "$warn" | sed 's/-Wzero-as-null-pointer-constant//')
		try "$cxx -std=$std" $cxx -std=$std $warn -x c++ "$work/use.cc"
	done
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
