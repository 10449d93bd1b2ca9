# bench/real/lib/ruby.sh — building Ruby 3.1 as fetched by bench/real/fetch,
# and a rewritten copy of it linked with libasrt. Sourced by bench/e2e/ruby
# and bench/real/rewrite-compare, which define say, die, PY, JOBS and REPO.
# Every step is skipped when its result is already there.

# ruby_make BUILD-DIR LABEL: make -j$JOBS in BUILD-DIR (log make.log).
ruby_make() {
    local b=$1 label=$2
    if [ ! -x "$b/ruby" ] || [ ! -f "$b/.e2e-built" ]; then
        say "make -j$JOBS ($label; log $b/make.log)"
        (cd "$b" && nice make -j"$JOBS" > make.log 2>&1) || { tail -n 30 "$b/make.log" >&2; die "$label build failed"; }
        touch "$b/.e2e-built"
    fi
}

# rw_copy SRC SRW DB DBDIR: copy the source tree SRC to SRW and write
# DBDIR/compile_commands.json, DB with the source paths moved (the
# generated headers of the original build are the same). Removes a
# previous copy; the caller rewrites SRW and then touches SRW/.e2e-rewritten.
rw_copy() {
    local src=$1 srw=$2 db=$3 dbdir=$4
    rm -rf "$srw"
    say "copying $src to $srw"
    cp -a "$src" "$srw"
    mkdir -p "$dbdir"
    "$PY" "$REPO/bench/real/lib/movedb.py" "$db" "$src" "$srw" > "$dbdir/compile_commands.json"
}

# ruby_rw_configure SRW RW [LIBDIR [LIB [INCLUDE]]]: configure SRW out of
# tree in RW with the runtime's headers (INCLUDE, default the repository's
# runtime/include), linked with LIBDIR's libLIB (default asrt: the helpers
# and the allocator; asrt_core is the helpers and probes alone); with no
# LIBDIR, as the stock build is (no runtime). configure reads none of the .c
# files a rewrite changes: it may run before the rewrite.
ruby_rw_configure() {
    local srw=$1 rw=$2 libdir=${3:-} lib=${4:-asrt} inc=${5:-$REPO/runtime/include}
    local with=()
    [ -n "$libdir" ] && with=(CPPFLAGS="-I$inc" LIBS="-L$libdir -Wl,-rpath,$libdir -l$lib")
    mkdir -p "$rw"
    if [ ! -f "$rw/config.status" ]; then
        say "configuring $srw in $rw${libdir:+ (-l$lib)}"
        (cd "$rw" && nice "$srw/configure" --disable-dtrace --disable-jit-support --disable-install-doc \
            "${with[@]}" > configure.log 2>&1) \
            || { tail -n 30 "$rw/configure.log" >&2; die "configure of $rw failed"; }
    fi
}

# ruby_rw_build SRW RW [LIBDIR [LIB [INCLUDE]]]: ruby_rw_configure, then make.
ruby_rw_build() {
    ruby_rw_configure "$@"
    ruby_make "$2" "$(basename "$2")"
    [ -z "${3:-}" ] || ldd "$2/ruby" | grep -q "lib${4:-asrt}\.so" || die "$2/ruby is not linked with lib${4:-asrt}"
}

# ruby_make_log BUILD-DIR NAME MAKE-ARGS...: make MAKE-ARGS in BUILD-DIR,
# output and "exit N" in NAME.log; again only when ruby is newer than the log.
# A suite with failures is a result (make's status is the log's last line),
# not an error: returns 0 whatever make returned. The subshell inherits set
# -e, so make's status is caught with || (a plain "make; echo $?" left the
# subshell at make's failure, with no log and the caller's set -e exiting 2).
ruby_make_log() {
    local b=$1 name=$2
    shift 2
    if [ ! -f "$b/$name.log" ] || [ "$b/ruby" -nt "$b/$name.log" ]; then
        say "make $* in $b (log $b/$name.log)"
        (
            cd "$b"
            rc=0
            nice make "$@" > "$name.log.tmp" 2>&1 || rc=$?
            echo "exit $rc" >> "$name.log.tmp"
            mv "$name.log.tmp" "$name.log"
        )
    fi
}
