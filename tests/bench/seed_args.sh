#!/usr/bin/env bash
# bench/real/seed-duparray's argument handling, which runs before anything is
# fetched or built: a bad argument is one line and exit status 1, --help
# prints the header. Usage: seed_args.sh ROOT
set -u
cmd=$1/bench/real/seed-duparray
fail=0
expect() { # expect WHAT STATUS PATTERN -- ARGS...
	local what=$1 want=$2 pat=$3 out rc
	shift 4
	out=$(ALLOCSCAN=/nonexistent "$cmd" "$@" 2>&1)
	rc=$?
	if [ "$rc" != "$want" ] || ! grep -q -- "$pat" <<<"$out"; then
		echo "FAIL: $what: status $rc, output: $out"
		fail=1
	fi
}
expect "unknown argument" 1 "unknown argument --bogus (usage: seed-duparray" -- --bogus
expect "--rounds 0" 1 "--rounds needs a positive integer" -- --rounds 0
expect "--rounds alone" 1 "--rounds needs a positive integer" -- --rounds
expect "--json alone" 1 "--json needs a file" -- --json
expect "--help" 0 "--json FILE  the figures' JSON also to FILE" -- --help
expect "no allocscan" 1 "no allocscan at /nonexistent" -- --rounds 2 --json /tmp/x.json
exit $fail
