#!/bin/sh
# Runs a real program with and without LD_PRELOAD=libasrt.so and compares
# the outputs; the stats file proves the allocator was the one in use.
# usage: preload.sh LIBASRT ruby|python3|sort|gcc|git|git-repo|make|make-project [SRCDIR]
#   git-repo: status, log and diff in a shared clone of SRCDIR's repository
#   make: a parallel build of a few C files (make and every gcc preloaded)
#   make-project: cmake and make of SRCDIR's runtime library (cmake, make,
#     gcc, as and ld preloaded); the output (sorted, without the progress
#     percentages: -j2 orders its lines at random) and every object file
#     compared
# Exit 77 (skipped) when the program is not installed.
set -u
lib=$1
what=$2
src=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prog=${what%%-*}
command -v "$prog" >/dev/null 2>&1 || { echo "$prog not installed"; exit 77; }

case $what in
ruby)
  cat > "$tmp/t.rb" <<'RUBY'
threads = 4.times.map do |i|
  Thread.new do
    a = []
    20_000.times do |j|
      a << ("x" * ((j * 37 + i) % 5000)) + j.to_s
      a.shift if a.size > 500
    end
    a.map(&:size).sum
  end
end
p threads.map(&:value)
h = {}
50_000.times { |i| h["k#{i}"] = [i, i.to_s * 3] }
p h.size, h.values.sum { |v| v[1].size }
s = (1..100_000).map(&:to_s).join(",")
p s.size, s.split(",").map(&:to_i).sum
p (1..2000).map { |i| [i] * (i % 50) }.flatten.size
RUBY
  set -- ruby "$tmp/t.rb" ;;
python3)
  set -- python3 -c '
import json, threading, collections
d = {str(i): list(range(i % 60)) for i in range(60000)}
s = json.dumps(d, sort_keys=True)
print(len(s), sum(len(v) for v in json.loads(s).values()))
out = []
def work(k):
    c = collections.Counter(str(i * k)[-3:] for i in range(40000))
    out.append((k, c.most_common(3)))
ts = [threading.Thread(target=work, args=(k,)) for k in range(1, 5)]
[t.start() for t in ts]; [t.join() for t in ts]
print(sorted(out))
print(sorted(("%x" % (i * 2654435761 % 2**32)) for i in range(50000))[:5])
' ;;
sort)
  awk 'BEGIN { s = 1; for (i = 0; i < 600000; i++) { s = (s * 1103515245 + 12345) % 2147483648; printf "%d %s\n", s % 100000, substr("abcdefghijklmnopqrstuvwxyz", s % 26 + 1) } }' > "$tmp/in.txt"
  set -- sort -k2,2 -k1,1n "$tmp/in.txt" ;;
gcc)
  cat > "$tmp/prog.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int main(void) {
  int xs[1000]; unsigned s = 1;
  for (int i = 0; i < 1000; i++) { s = s * 1103515245u + 12345u; xs[i] = (int)(s >> 16) % 10000; }
  qsort(xs, 1000, sizeof *xs, cmp);
  long sum = 0; for (int i = 0; i < 1000; i += 100) sum += xs[i];
  printf("%d %d %ld\n", xs[0], xs[999], sum);
  return 0;
}
C
  set -- sh -c "gcc -O2 -Wall -o '$tmp/prog' '$tmp/prog.c' && '$tmp/prog'" ;;
git)
  set -- sh -c "
    export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@e
    export GIT_AUTHOR_DATE='2020-01-01T00:00:00Z' GIT_COMMITTER_DATE='2020-01-01T00:00:00Z'
    export GIT_CONFIG_NOSYSTEM=1 HOME='$tmp'
    d=\$(mktemp -d -p '$tmp') && cd \"\$d\" && git init -q -b main . &&
    for i in 1 2 3 4 5; do seq 1 \$((i * 2000)) > f\$i.txt; git add f\$i.txt; git commit -qm c\$i; done &&
    git log --format='%H %s' && git diff HEAD~3 --stat && git gc -q && git fsck --no-progress 2>&1 | grep -v dangling; true" ;;
git-repo)
  # .git is a file in a worktree
  git -C "$src" rev-parse --git-dir >/dev/null 2>&1 ||
    { echo "no git repository at '$src'"; exit 77; }
  # A clone, so that work going on in the checkout cannot change the output.
  git clone -q --shared "$src" "$tmp/repo" || exit 1
  set -- sh -c "cd '$tmp/repo' && git status --porcelain=v1 -b && git log --stat -30 &&
    git log --format='%H %an %s' | wc -l && git diff HEAD~5 --stat | tail -3 &&
    git grep -c asrt_ -- runtime | sort" ;;
make)
  mkdir "$tmp/mk"
  for i in 1 2 3 4 5 6; do
    printf '#include <stdio.h>\nint f%d(int x) { return x * %d + (int)sizeof("%d"); }\n' "$i" "$i" "$i" > "$tmp/mk/f$i.c"
  done
  printf 'int f1(int);int f2(int);int f3(int);int f4(int);int f5(int);int f6(int);\n#include <stdio.h>\nint main(void){printf("%%d\\n",f1(1)+f2(2)+f3(3)+f4(4)+f5(5)+f6(6));return 0;}\n' > "$tmp/mk/main.c"
  printf 'OBJS = main.o f1.o f2.o f3.o f4.o f5.o f6.o\nprog: $(OBJS)\n\t$(CC) -o $@ $(OBJS)\n%%.o: %%.c\n\t$(CC) -O2 -Wall -c $<\n' > "$tmp/mk/Makefile"
  set -- sh -c "make -s -j2 -C '$tmp/mk' CC=gcc && '$tmp/mk/prog' && make -s -C '$tmp/mk' -n prog | wc -l" ;;
make-project)
  [ -f "$src/runtime/CMakeLists.txt" ] || { echo "no runtime at '$src'"; exit 77; }
  command -v cmake >/dev/null 2>&1 || { echo "cmake not installed"; exit 77; }
  # The same build folder for both runs, so that paths inside the objects
  # are the same.
  set -- sh -c "rm -rf '$tmp/b' && cmake -S '$src/runtime' -B '$tmp/b' -G 'Unix Makefiles' \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_RULE_MESSAGES=OFF >/dev/null && make -s -j2 -C '$tmp/b' > '$tmp/make.out' 2>&1 &&
    sed 's/^\[ *[0-9]*%\] //' '$tmp/make.out' | LC_ALL=C sort &&
    cd '$tmp/b' && md5sum libasrt.a libasrt_core.a &&
    find . -name '*.o' | LC_ALL=C sort | xargs md5sum" ;;
*)
  echo "unknown program $what"; exit 2 ;;
esac

"$@" > "$tmp/plain.out" 2>&1
plain=$?
env LD_PRELOAD="$lib" ASRT_STATS="$tmp/stats.json" "$@" > "$tmp/asrt.out" 2>&1
asrt=$?
status=0
if [ $plain -ne $asrt ]; then
  echo "exit status differs: $plain without, $asrt with libasrt"; status=1
fi
if ! cmp -s "$tmp/plain.out" "$tmp/asrt.out"; then
  echo "output differs:"; diff "$tmp/plain.out" "$tmp/asrt.out" | head -20; status=1
fi
if ! grep -q '"allocator": "asrt"' "$tmp/stats.json" 2>/dev/null; then
  echo "libasrt did not run (no stats written)"; status=1
fi
exit $status
