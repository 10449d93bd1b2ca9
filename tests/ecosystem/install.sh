#!/usr/bin/env bash
# cmake --install into a scratch prefix: allocscan and allocscan-cc, the rule
# packs, the runtime libraries, <asrt/...> headers, pkg-config files, the
# CMake package, the man pages and bash completion (made from --help).
# Consumers built against that prefix only, with pkg-config and with
# find_package, run; a rewritten file compiles with the flags the rewrite's
# hint names; the installed allocscan-cc and merge analyse a make build.
# Usage: install.sh ALLOCSCAN SOURCE-ROOT PYTHON3 BUILD-DIR
set -u
. "$(dirname "$0")/lib.sh"
build=$4
P=$work/prefix

if cmake --install "$build" --prefix "$P" >install.log 2>&1; then ok "cmake --install"; else ko "cmake --install" install.log; fi
missing=
for f in bin/allocscan bin/allocscan-cc include/asrt/asrt.h share/man/man1/allocscan.1 share/man/man1/allocscan-cc.1 \
	share/bash-completion/completions/allocscan \
	share/allocscan/rules/libc.json share/doc/allocscan/rules.md lib/cmake/asrt/asrtConfig.cmake; do
	[ -e "$P/$f" ] || missing="$missing $f"
done
for h in "$root"/runtime/include/asrt/*.h; do [ -e "$P/include/asrt/${h##*/}" ] || missing="$missing asrt/${h##*/}"; done
pcdir=$(dirname "$(find "$P" -name asrt_core.pc)")
[ -e "$pcdir/asrt.pc" ] || missing="$missing asrt.pc"
[ -z "$missing" ] && ok "installed: programs, packs, headers, pkg-config files, CMake package, man pages, completion" ||
	ko "not installed:$missing"

cat >use.c <<'C'
#include <asrt/asrt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void)
{
	char *p = asrt_memdup("installed", 10);
	char *g = NULL;
	for (size_t n = 1; n <= 4096; n++)
		g = asrt_grow(g, n);
	printf("%s %d\n", p, g != NULL);
	free(p);
	free(g);
	return 0;
}
C
# pkg-config sees the prefix only; moved, the files still find it.
mv "$P" "$work/moved"
P=$work/moved
pcdir=${pcdir/$work\/prefix/$P}
for lib in asrt_core asrt; do
	if PKG_CONFIG_LIBDIR=$pcdir cc -Wall -Werror $(PKG_CONFIG_LIBDIR=$pcdir pkg-config --cflags $lib) use.c -o use_$lib \
		$(PKG_CONFIG_LIBDIR=$pcdir pkg-config --libs $lib) \
		-Wl,-rpath,"$(PKG_CONFIG_LIBDIR=$pcdir pkg-config --variable=libdir $lib)" 2>cc.err &&
		./use_$lib >run.txt 2>&1 && [ "$(cat run.txt)" = "installed 1" ] &&
		ldd use_$lib | grep -q "lib$lib.so.0 => $P/"; then
		ok "pkg-config $lib (relocated prefix): built, linked from the prefix, ran"
	else
		ko "pkg-config $lib" cc.err
	fi
done

mkdir consumer
cp use.c consumer/
cat >consumer/CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.18)
project(consumer C)
find_package(asrt 0.1 REQUIRED)
add_executable(use_core use.c)
target_link_libraries(use_core PRIVATE asrt::asrt_core)
add_executable(use_alloc use.c)
target_link_libraries(use_alloc PRIVATE asrt::asrt)
add_executable(use_static use.c)
target_link_libraries(use_static PRIVATE asrt::asrt_core_static)
CM
if cmake -S consumer -B cbuild -DCMAKE_PREFIX_PATH="$P" >cm.log 2>&1 && cmake --build cbuild >>cm.log 2>&1 &&
	grep -qx "asrt_DIR:PATH=$P/lib/cmake/asrt" cbuild/CMakeCache.txt &&
	[ "$(cbuild/use_core)" = "installed 1" ] && [ "$(cbuild/use_alloc)" = "installed 1" ] &&
	[ "$(cbuild/use_static)" = "installed 1" ]; then
	ok "find_package(asrt) from the prefix: asrt::asrt_core, asrt::asrt, asrt::asrt_core_static built and ran"
else
	ko "CMake consumer" cm.log
fi

# Moved, the installed allocscan finds its own files beside it, not in the
# configure-time prefix (gone) or the source tree: a pack that only the moved
# prefix holds loads by name, and SARIF links to the moved prefix's rules.md.
cp "$P/share/allocscan/rules/ruby.json" "$P/share/allocscan/rules/onlyhere.json"
printf '#include <stdlib.h>\n#include <string.h>\nint *f(const int *s, int n)\n{\n\tint *d = malloc(n * sizeof *d);\n\tmemcpy(d, s, n * sizeof *d);\n\treturn d;\n}\n' >one.c
env -u ALLOCSCAN_RULES_DIR "$P/bin/allocscan" -q --rules onlyhere --format sarif one.c >one.sarif 2>one.err
uri=$(grep -o '"helpUri": "[^"]*"' one.sarif | head -n1)
if [ ! -e "$root/rules/onlyhere.json" ] && grep -q '"ruleId": "alloc-copy"' one.sarif &&
	[ "$uri" = "\"helpUri\": \"file://$P/share/doc/allocscan/rules.md#alloc-copy\"" ] &&
	[ -f "$P/share/doc/allocscan/rules.md" ]; then
	ok "the moved install finds its packs and docs beside the binary ($uri)"
else
	{ cat one.err; echo "helpUri: $uri"; } >one.txt
	ko "packs and docs of the moved install" one.txt
fi

# A rewritten file compiles with the hint's flags.
mkdir src
cp "$root/examples/minirt/"*.[ch] src/
"$P/bin/allocscan" --rewrite src >rw.out 2>rw.err
hint=$(grep "link the rewritten code" rw.err)
grep -q 'asrt/asrt.h' src/array.c && case $hint in *'pkg-config --cflags --libs asrt_core'*'find_package(asrt), asrt::asrt_core'*) true ;; *) false ;; esac &&
	cc -c -Wall -Werror $(PKG_CONFIG_LIBDIR=$pcdir pkg-config --cflags asrt_core) src/array.c src/strbuf.c 2>cc.err &&
	ok "the installed allocscan rewrites; its hint's flags compile the result" || ko "rewrite and compile" rw.err

# The installed wrapper beside allocscan: a make build analysed, merged.
mkdir cc && cp "$root/examples/minirt/"*.[ch] cc/
printf 'all: array.o strbuf.o symbols.o\n' >cc/Makefile
if ALLOCSCAN_OUT=$work/units make -s -C cc CC="$P/bin/allocscan-cc cc" >cc.log 2>&1 && [ ! -s cc.log ] &&
	[ "$(ls units | wc -l)" = 3 ] && "$P/bin/allocscan" merge units -q --format json -o merged.json 2>>cc.log;
	[ $? = 1 ] && grep -q '"rule": "realloc-churn"' merged.json; then
	ok "the installed allocscan-cc analyses a make build (3 units), allocscan merge reports on it"
else
	ko "installed allocscan-cc and merge" cc.log
fi

# man_page PROG NAME-LINE: PROG's man page renders without warnings, names
# it as NAME-LINE, and holds every option of its --help (listed in PROG.opts).
man_page() {
	local page=$P/share/man/man1/$1.1
	"$P/bin/$1" --help | grep -oE '^ {2,6}(-[a-z], )?--?[a-z][a-z-]*' | sed -E 's/^ +(-[a-z], )?//' | sort -u >"$1.opts"
	if command -v man >/dev/null; then
		MANWIDTH=200 man -l "$page" 2>man.err >man.txt
	else
		groff -man -Tutf8 "$page" 2>man.err | col -b >man.txt
	fi
	groff -man -Tutf8 -ww -z "$page" 2>>man.err
	sed -i 's/\xe2\x80\x90/-/g' man.txt
	grep -oE -- '--?[a-z][a-z-]*' man.txt | sort -u >man_opts.txt
	if [ ! -s man.err ] && grep -q "^NAME" man.txt && grep -q "$2" man.txt && [ -s "$1.opts" ] &&
		[ -z "$(comm -23 "$1.opts" man_opts.txt)" ]; then
		ok "$1's man page renders ($(wc -l <"$1.opts") options of --help in it, no warnings)"
	else
		{ cat man.err; echo "options missing:"; comm -23 "$1.opts" man_opts.txt; } >m.txt
		ko "$1's man page" m.txt
	fi
}
man_page allocscan "allocscan - report the places"
man_page allocscan-cc "allocscan-cc - run a C compiler unchanged"

# The completion: sources in bash, completes every option of --help.
comp=$P/share/bash-completion/completions/allocscan
got=$(bash -c '. "$1" && COMP_WORDS=(allocscan --export-f) && COMP_CWORD=1 && _allocscan && echo "${COMPREPLY[*]}"' _ "$comp" 2>&1)
all=$(bash -c '. "$1" && COMP_WORDS=(allocscan -) && COMP_CWORD=1 && _allocscan && printf "%s\n" "${COMPREPLY[@]}"' _ "$comp" | sort -u)
# Values from the enumerations --help gives.
val() { bash -c '. "$1" && COMP_WORDS=(allocscan "$2" "$3") && COMP_CWORD=2 && _allocscan && echo "${COMPREPLY[*]}"' _ "$comp" "$1" "$2"; }
if [ "$(val --format s)" = sarif ] && [ "$(val --color a)" = "auto always" ] && [ "$(val --fix g)" = grow ] &&
	[ "$(val --rules lu)" = lua ]; then
	ok "bash completion offers the values of --format, --color, --fix and --rules"
else
	echo "--format s: $(val --format s) / --color a: $(val --color a) / --fix g: $(val --fix g) / --rules lu: $(val --rules lu)" >v.txt
	ko "bash completion values" v.txt
fi
if [ "$got" = "--export-fixes" ] && [ -z "$(comm -23 allocscan.opts <(echo "$all"))" ]; then
	ok "bash completion sources and completes every option"
else
	echo "$got / missing: $(comm -23 allocscan.opts <(echo "$all") | tr '\n' ' ')" >c.txt
	ko "bash completion" c.txt
fi
finish
