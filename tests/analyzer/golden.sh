#!/usr/bin/env bash
# Compares allocscan's report on the bundled example with a reviewed golden
# file (the run time zeroed, the docs URL the build sets made DOCS). Usage: golden.sh ALLOCSCAN ROOT FORMAT GOLDEN
# Set ALLOCSCAN_GOLDEN_UPDATE=1 to rewrite the golden file: review the diff.
set -u
as=$1 root=$2 format=$3 golden=$4
cd "$root" || exit 2
"$as" -q --format "$format" examples/minirt 2>/dev/null |
	sed -E 's/"seconds": [0-9.]+/"seconds": 0/; s|"[a-z]+://[^"#]*/rules.md|"DOCS/rules.md|g; s|\([a-z]+://[^)#]*/rules.md|(DOCS/rules.md|g' >"${TMPDIR:-/tmp}/golden.$$"
if [ "${ALLOCSCAN_GOLDEN_UPDATE:-}" = 1 ]; then
	mv "${TMPDIR:-/tmp}/golden.$$" "$golden"
	exit 0
fi
if diff -u "$golden" "${TMPDIR:-/tmp}/golden.$$"; then
	rm -f "${TMPDIR:-/tmp}/golden.$$"
	echo "$format report matches $(basename "$golden")"
else
	rm -f "${TMPDIR:-/tmp}/golden.$$"
	exit 1
fi
