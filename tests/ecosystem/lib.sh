# Shared by the ecosystem tests: sourced with ALLOCSCAN SOURCE-ROOT PYTHON3
# as the script's arguments; sets as, root, py, a scratch directory to run
# in (removed on exit), and the pass/fail counters with their reporters.
as=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
py=${3-python3}
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
cd "$work" || exit 2
pass=0
fail=0

ok() { echo "ok: $1"; pass=$((pass + 1)); }
ko() { echo "FAIL: $1"; [ -n "${2-}" ] && sed 's/^/  /' "$2"; fail=$((fail + 1)); }

# same TITLE FILE EXPECTED: the file holds exactly EXPECTED.
same() {
	if [ "$(cat "$2")" = "$3" ]; then
		ok "$1"
	else
		ko "$1" "$2"
		echo "  expected:"
		echo "$3" | sed 's/^/  /'
	fi
}

# check TITLE EXPECTED-STATUS EXPECTED-STDERR -- COMMAND...: stdout to out.txt.
check() {
	local title=$1 want_rc=$2 want_err=$3
	shift 4
	"$@" >out.txt 2>err.txt
	local rc=$?
	if [ "$rc" != "$want_rc" ]; then
		ko "$title: status $rc (expected $want_rc; command: $*)" err.txt
	else
		same "$title" err.txt "$want_err"
	fi
}

finish() {
	echo "$pass passed, $fail failed"
	[ $fail = 0 ]
}
