# bench/real/lib/debsrc.sh - Debian source packages for bench/real/fetch,
# bench/real/cpython, bench/real/unseen and bench/real/recall (sourced; the
# caller defines say, die and $WORK).

# A deb-src entry: kept if there is one, else allocscan-src.sources copies
# each stanza of debian.sources with Types: deb-src. Sets NEED_UPDATE=1
# when it adds one.
SRCLIST=/etc/apt/sources.list.d/allocscan-src.sources
have_debsrc() {
    grep -rqsE '^(deb-src[[:space:]]|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null
}
ensure_debsrc() {
    if have_debsrc; then
        say "deb-src entry present"
        return 0
    fi
    MAIN=/etc/apt/sources.list.d/debian.sources
    [ -f "$MAIN" ] || die "no deb-src entry and no $MAIN to mirror; add a deb-src line for bookworm by hand"
    say "adding $SRCLIST (Types: deb-src, mirroring $MAIN)"
    sed -e 's/^Types:.*/Types: deb-src/' "$MAIN" > "$SRCLIST.tmp"
    mv "$SRCLIST.tmp" "$SRCLIST"
    NEED_UPDATE=1
}

# apt-get source PKG into $WORK/src; when the newest version's files are
# not served (seen: bookworm-security answers 404 for ruby3.1's and
# python3.11's sources), try the other versions apt knows, newest first.
get_source() {
    pkg=$1
    say "apt-get source $pkg into $WORK/src"
    if (cd "$WORK/src" && apt-get source -q "$pkg" >&2); then return 0; fi
    for v in $(apt-cache showsrc "$pkg" | sed -n 's/^Version: //p' | sort -u -r -V); do
        say "apt-get source $pkg failed; trying $pkg=$v"
        if (cd "$WORK/src" && apt-get source -q "$pkg=$v" >&2); then return 0; fi
    done
    die "apt-get source $pkg failed for every version apt knows"
}

# The unpacked source directory of PKG under $WORK/src, if any.
find_src() {
    for d in "$WORK/src/$1"-*/; do
        case $d in *.orig/) continue ;; esac
        [ -d "$d" ] && { echo "$d"; return 0; }
    done
    return 1
}

# The unpacked source of PKG, fetched with apt-get source when missing.
source_of() {
    local src
    src=$(find_src "$1" || true)
    if [ -z "$src" ]; then
        [ "$(id -u)" = 0 ] || die "needs root to fetch $1 (apt-get); run as root"
        ensure_debsrc
        command -v dpkg-source >/dev/null || { say "installing dpkg-dev"; apt-get install -y -q dpkg-dev >&2; }
        if [ "${NEED_UPDATE:-0}" = 1 ] || ! apt-cache showsrc "$1" >/dev/null 2>&1; then
            say "apt-get update"
            apt-get update -q >&2 || die "apt-get update failed"
        fi
        get_source "$1"
        src=$(find_src "$1") || die "$1 source not unpacked"
    fi
    echo "${src%/}"
}
