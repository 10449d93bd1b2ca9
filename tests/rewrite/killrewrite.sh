#!/usr/bin/env bash
# SIGKILL at random points of a multi-file --rewrite: after every kill, each
# file must be byte-identical to its original or to its fully rewritten
# version, never a mix or a truncation, and a following --rewrite must finish
# the job (the expected tree, no temporary left). ALLOCSCAN_TEST_PAUSE stops
# allocscan after its scan; the kill comes a pseudo-random delay (fixed seed)
# after SIGCONT, spread over the length of an uninterrupted write phase (the
# shortest seen: a run the kill came too late for shortens it), so many kills
# land in the middle of the writes.
# Usage: killrewrite.sh ALLOCSCAN [RUNS] [SEED]
set -u
. "$(dirname "$0")/wait_stopped.sh"
as=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
runs=${2:-100} seed=${3:-12345}
nfiles=24
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

# The fixture: files with two fixable sites each (no system headers, so
# the scan is quick), padded so each write takes a measurable time.
mkdir orig
for i in $(seq -w 0 $((nfiles - 1))); do
	{
		printf '/* generated file %s */\ntypedef unsigned long size_t;\nvoid *malloc(size_t);\n' "$i"
		printf 'void *realloc(void *, size_t);\nvoid *memcpy(void *, const void *, size_t);\n\n'
		printf 'char *dup_%s(const char *src, size_t n)\n{\n\tchar *p = malloc(n);\n\n' "$i"
		printf '\tif (!p)\n\t\treturn 0;\n\tmemcpy(p, src, n);\n\treturn p;\n}\n\n'
		printf 'char *grow_%s(char *buf, const char *s, size_t n)\n{\n\tfor (size_t i = 0; i < n; i++) {\n' "$i"
		printf '\t\tchar *q = realloc(buf, i + 1);\n\t\tif (!q)\n\t\t\treturn buf;\n\t\tbuf = q;\n'
		printf '\t\tbuf[i] = s[i];\n\t}\n\treturn buf;\n}\n'
		for k in $(seq 400); do printf '/* padding %04d: the write of this file takes a while ............ */\n' "$k"; done
	} >"orig/f$i.c"
done

now_us() { echo $(($(date +%s%N) / 1000)); }

# The fully rewritten tree, and how long its write phase takes.
cp -r orig want
ALLOCSCAN_TEST_PAUSE=1 "$as" -q -j2 --rewrite want >/dev/null 2>want.err &
pid=$!
wait_stopped $pid || { echo "FAIL: allocscan did not stop at ALLOCSCAN_TEST_PAUSE"; exit 1; }
t0=$(now_us)
kill -CONT $pid
wait $pid || { cat want.err; echo "FAIL: uninterrupted --rewrite exits $?"; exit 1; }
span=$(($(now_us) - t0))
for f in orig/*.c; do
	cmp -s "$f" "want/${f#orig/}" && { echo "FAIL: ${f#orig/} not rewritten by the uninterrupted run"; exit 1; }
done

rand=$seed
next_rand() { rand=$(((rand * 1103515245 + 12345) % 2147483648)); }

kills=0 mid=0 before=0 after=0 mixed=0 temps=0 unfinished=0
for run in $(seq "$runs"); do
	rm -rf t && cp -r orig t
	next_rand
	delay=$((rand % (span + 1)))
	ALLOCSCAN_TEST_PAUSE=1 "$as" -q -j2 --rewrite t >/dev/null 2>/dev/null &
	pid=$!
	wait_stopped $pid || { echo "FAIL: run $run: allocscan did not stop"; exit 1; }
	t0=$(now_us)
	kill -CONT $pid
	sleep "$(printf '%d.%06d' $((delay / 1000000)) $((delay % 1000000)))"
	kill -KILL $pid 2>/dev/null
	{ wait $pid; } 2>/dev/null
	if [ $? = 137 ]; then
		kills=$((kills + 1))
	else
		# Finished before the kill: the load dropped, aim shorter.
		t=$(($(now_us) - t0))
		[ $t -lt $span ] && span=$t
	fi
	old=0 new=0
	for f in orig/*.c; do
		n=${f#orig/}
		if cmp -s "$f" "t/$n"; then
			old=$((old + 1))
		elif cmp -s "want/$n" "t/$n"; then
			new=$((new + 1))
		else
			mixed=$((mixed + 1))
			echo "run $run: t/$n is neither the original nor the rewrite ($(wc -c <"t/$n") bytes," \
				"delay $delay us): $(cmp "$f" "t/$n" 2>&1 | head -1); $(cmp "want/$n" "t/$n" 2>&1 | head -1)"
			[ -n "${KILLREWRITE_KEEP:-}" ] && cp -a t "$KILLREWRITE_KEEP/run$run"
		fi
	done
	left=$(find t -name '.*.asrw-*' | wc -l)
	temps=$((temps + left))
	if [ $new = 0 ] && [ "$left" = 0 ]; then
		before=$((before + 1))
	elif [ $old = 0 ] && [ "$left" = 0 ]; then
		after=$((after + 1))
	else
		mid=$((mid + 1))
	fi
	# A second, uninterrupted run finishes the job and leaves no temporary.
	[ $old = 0 ] && [ "$left" = 0 ] && continue
	"$as" -q -j2 --rewrite t >/dev/null 2>/dev/null
	if ! diff -r want t >/dev/null; then
		unfinished=$((unfinished + 1))
		echo "run $run: the next --rewrite did not give the rewritten tree:"
		diff -rq want t | head -5
	fi
done
echo "$runs runs, $kills killed, $mid kills mid-write ($before before the first rename, $after after the last)," \
	"$temps temporaries left by kills, $mixed mixed, $unfinished not finished by the next run" \
	"(shortest write phase ${span} us, $nfiles files)"
[ $mixed = 0 ] && [ $unfinished = 0 ]
