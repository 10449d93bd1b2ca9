#!/usr/bin/env bash
# -o loses nothing of the user's: a path that is one of the sources scanned
# is refused before anything is written; a scan that fails, or is killed
# before its report is whole, leaves the earlier report as it was, with no
# temporary beside it; a device is written in place.
# Usage: output.sh ALLOCSCAN ROOT
set -u
. "$(dirname "$0")/../rewrite/wait_stopped.sh"
as=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
pass=0 fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
ko() { echo "FAIL: $1"; shift; for f in "$@"; do [ -f "$f" ] && cat "$f"; done; fail=$((fail + 1)); }
cp "$root/examples/minirt/"*.[ch] .
cp array.c array.orig

"$as" -q -o array.c . >/dev/null 2>err.txt
rc=$?
if [ $rc = 2 ] && cmp -s array.c array.orig &&
	[ "$(cat err.txt)" = "allocscan: -o array.c is one of the sources scanned: the report would replace it" ]; then
	ok "-o naming a source refused, the source intact"
else
	ko "-o naming a source (status $rc)" err.txt
fi

"$as" -q -o report.txt . 2>err.txt
if [ $? = 1 ] && grep -q "realloc-churn" report.txt && grep -q "^allocscan: .* files, " err.txt &&
	[ "$(tail -n1 report.txt | sed 's/ in [0-9.]* s$//')" = "$(tail -n1 err.txt | sed 's/ in [0-9.]* s$//')" ]; then
	ok "-o writes the report; its summary line is also on standard error"
else
	ko "-o writes the report" report.txt err.txt
fi
cp report.txt report.orig

"$as" -q --rules no-such-pack -o report.txt . 2>err.txt
rc=$?
if [ $rc = 2 ] && cmp -s report.txt report.orig && [ -z "$(ls report.txt.* 2>/dev/null)" ]; then
	ok "a failed scan leaves the earlier report"
else
	ko "failed scan with -o (status $rc)" err.txt
fi

# Killed between the scan and the patch's writing (ALLOCSCAN_TEST_PAUSE
# stops it there): the earlier file stays, no temporary is left.
for sig in TERM INT; do
	ALLOCSCAN_TEST_PAUSE=1 "$as" -q --diff -o report.txt . >/dev/null 2>err.txt &
	pid=$!
	if wait_stopped $pid; then
		kill -$sig $pid
		kill -CONT $pid
	fi
	wait $pid
	rc=$?
	if [ $rc -gt 128 ] && cmp -s report.txt report.orig && [ -z "$(ls report.txt.* 2>/dev/null)" ]; then
		ok "killed by SIG$sig: the earlier report kept, no temporary"
	else
		ko "killed by SIG$sig (status $rc)" err.txt
	fi
done

"$as" -q -o /dev/null . 2>err.txt
rc=$?
if [ $rc = 1 ] && [ -c /dev/null ]; then
	ok "a device is written in place"
else
	ko "-o /dev/null (status $rc)" err.txt
fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
