#!/usr/bin/env bash
# bench/real/lib/ruby.sh's ruby_make_log under set -e, as rewrite-compare
# calls it: a make that fails (a test suite with failures) still writes its
# log, ending "exit N" with make's status, and the function returns 0; a
# make that succeeds ends "exit 0"; the log is not rewritten while it is
# newer than the build's ruby. Usage: ruby_make_log.sh ROOT
set -eu
REPO=$1
say() { :; }
die() { echo "die: $*"; exit 1; }
. "$REPO/bench/real/lib/ruby.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'fails:\n\t@echo 3 failures\n\t@false\nworks:\n\t@echo all pass\n' > "$d/Makefile"
touch -d '1 hour ago' "$d/ruby"
fail=0
check() { # check NAME LAST-LINE TEXT
	if [ ! -f "$d/$1.log" ] || [ "$(tail -n1 "$d/$1.log")" != "$2" ] || ! grep -q "$3" "$d/$1.log"; then
		echo "FAIL: $1.log: $(cat "$d/$1.log" 2>&1)"
		fail=1
	fi
}
ruby_make_log "$d" failing fails
check failing "exit 2" "3 failures"
ruby_make_log "$d" passing works
check passing "exit 0" "all pass"
ls "$d"/*.tmp > /dev/null 2>&1 && { echo "FAIL: a .tmp log is left"; fail=1; }
echo stale > "$d/passing.log"
ruby_make_log "$d" passing works
[ "$(cat "$d/passing.log")" = stale ] || { echo "FAIL: a log newer than ruby was made again"; fail=1; }
exit $fail
