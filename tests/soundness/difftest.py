#!/usr/bin/env python3
"""Differential test of `allocscan --rewrite` on random programs (issue 20).

Programs come from gen.py, one per seed, several to a file (--per-file) to
keep the compiler and allocscan runs few. For each file:

  1. build the original (gcc -std=c11 -Wall -O1) in both configurations,
     without and with -DGEN_CFG, and run both;
  2. rewrite a copy with `allocscan --rewrite`, in turn (by file) without
     flags, with -DGEN_CFG, or from a compile database listing both
     configurations: the #ifdef GEN_CFG traps are proven in one configuration
     and must still hold in the other;
  3. if the copy changed: build it against asrt_core in both configurations
     and run both, and build it with -fsanitize=address,undefined in one of
     them (by file) and run it; every output must equal the original's in the
     same configuration, exit status included.

A failure is laid at one program's door: its section of the output
(`== prog SEED`) differs; the run stops (crash, sanitizer) inside it; or a
compile error falls in its lines. A suspect is then tested alone, in a file
of its own, to confirm, and the programs of the file it did not reach are
tested again without it. Failing programs are saved (--save DIR) with the
original, the rewritten text, both outputs and the error.

Counts: programs tried, programs rewritten (the text of their function
changed), behaviour changes by kind (output, crash, sanitizer, compile).

  difftest.py ... --suite              the CTest suite: seeds 1-300, fixed;
                                       exits 1 on any behaviour change
  difftest.py ... --count N --start S  any number (the long mode,
                                       fuzz/soundness-long); exits 1 on any
                                       behaviour change
  difftest.py ... --instrument         the same for --instrument's probes
                                       (every program with a finding gets
                                       them; its behaviour must not change)
  difftest.py ... --naive              a check of the generator: the blind
                                       rewrite of every site (gen.py --naive)
                                       must change many programs
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

CC = os.environ.get("CC", "gcc")
CFLAGS = ["-std=c11", "-Wall", "-O1", "-Werror=implicit-function-declaration"]
SAN = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
CONFIGS = [[], ["-DGEN_CFG"]]
RUN_TIMEOUT = 20


def run(cmd, cwd, timeout=120, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        return "timeout", (e.stdout or b"").decode(errors="replace"), (e.stderr or b"").decode(errors="replace")


def sections(out):
    """{seed: text} of each program's output, and the seed running last."""
    res, cur, last = {}, None, None
    for line in out.splitlines(True):
        m = re.match(r"== prog (\d+)$", line.strip())
        if m:
            cur = int(m.group(1))
            last = cur
            res[cur] = ""
        elif line.strip() == "== end":
            cur = None
            last = "end"
        elif cur is not None:
            res[cur] += line
    return res, last


def prog_ranges(text):
    """{seed: (first line, last line)} of each program in a file."""
    res, start = {}, {}
    for i, line in enumerate(text.splitlines(), 1):
        m = re.match(r"/\* prog (\d+) (begin|end) \*/", line)
        if m:
            s = int(m.group(1))
            if m.group(2) == "begin":
                start[s] = i
            else:
                res[s] = (start.get(s, i), i)
    return res


def prog_texts(text):
    out = {}
    lines = text.splitlines()
    for s, (a, b) in prog_ranges(text).items():
        out[s] = "\n".join(lines[a - 1:b])
    return out


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.tried = set()
        self.rewritten = set()
        self.changes = {}        # seed -> (kind, detail)
        self.infra = []          # allocscan failures etc.

    def add_change(self, seed, kind, detail):
        with self.lock:
            self.changes.setdefault(seed, (kind, detail))


def mode_of(index):
    return ("plain", "cfg", "compdb")[index % 3]


def test_file(seeds, index, args, stats, alone=False):
    """Tests the programs `seeds` in one file; returns {seed: (kind, detail)}
    of the failures laid at a program's door in this file."""
    work = tempfile.mkdtemp(prefix="gen-")
    fails = {}
    try:
        text = gen.program_file(seeds)
        with open(os.path.join(work, "p.c"), "w") as f:
            f.write(text)
        ref = []
        for ci, cfg in enumerate(CONFIGS):
            rc, _, e = run([CC] + CFLAGS + cfg + ["-o", "orig%d" % ci, "p.c"], work)
            if rc != 0:
                stats.infra.append("seeds %s: the generated program does not build: %s" % (seeds, e[-400:]))
                return {}
            rc, o, e = run([os.path.join(work, "orig%d" % ci)], work, RUN_TIMEOUT)
            if rc != 0:
                stats.infra.append("seeds %s: the generated program exits %s" % (seeds, rc))
                return {}
            ref.append(o)
        rw = os.path.join(work, "rw")
        os.makedirs(rw)
        shutil.copy(os.path.join(work, "p.c"), rw)
        mode = mode_of(index)
        if mode == "compdb":
            with open(os.path.join(rw, "compile_commands.json"), "w") as f:
                json.dump([{"directory": rw, "file": "p.c", "arguments": ["cc", "-std=c11"] + cfg + ["-c", "p.c"]}
                           for cfg in CONFIGS], f)
            cmd = [args.allocscan, "-q", args.action, "-p", "."]
        else:
            cmd = [args.allocscan, "-q", args.action, "p.c", "--", "-std=c11"] + (CONFIGS[1] if mode == "cfg" else [])
        if args.naive:
            # A check of the generator: the blind rewrite gen.py makes must
            # change the behaviour of the programs with a trap.
            with open(os.path.join(rw, "p.c"), "w") as f:
                hdr = "asrt/asrt.h" if os.path.exists(os.path.join(args.root, "runtime", "include", "asrt", "asrt.h")) else "asrt.h"
                f.write(gen.program_file(seeds, naive=True, header=hdr))
        else:
            rc, _, e = run(cmd, rw, 300)
            if rc not in (0, 1):
                stats.infra.append("seeds %s: allocscan %s exits %s: %s" % (seeds, args.action, rc, e[-400:]))
        with open(os.path.join(rw, "p.c")) as f:
            after = f.read()
        before_t, after_t = prog_texts(text), prog_texts(after)
        with stats.lock:
            if not alone:
                stats.tried.update(seeds)
                for s in seeds:
                    if before_t.get(s) != after_t.get(s):
                        stats.rewritten.add(s)
        if after == text:
            return {}
        inc = ["-I" + os.path.join(args.root, "runtime", "include")]
        asan_ci = index % 2
        builds = [(ci, cfg, False) for ci, cfg in enumerate(CONFIGS)] + [(asan_ci, CONFIGS[asan_ci], True)]
        reached_all = True
        untested = set()
        for ci, cfg, san in builds:
            exe = "asan%d" % ci if san else "after%d" % ci
            rc, _, e = run([CC] + CFLAGS + (SAN if san else []) + inc + cfg + ["-o", exe, "p.c", args.lib], rw)
            if rc != 0:
                lines = [int(m.group(1)) for m in re.finditer(r"p\.c:(\d+):\d+: error", e)]
                ranges = prog_ranges(after)
                sus = {s for s, (a, b) in ranges.items() for ln in lines if a <= ln <= b} or set(seeds)
                for s in sus:
                    fails[s] = ("compile", e[-1200:])
                untested |= set(seeds) - sus
                reached_all = False
                break
            env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", UBSAN_OPTIONS="print_stacktrace=1")
            rc, o, e = run([os.path.join(rw, exe)], rw, RUN_TIMEOUT, env=env)
            got, last = sections(o)
            want, _ = sections(ref[ci])
            tag = "%s build%s" % ("sanitizer" if san else "plain", " -DGEN_CFG" if ci else "")
            for s in seeds:
                if s in got and got[s] != want.get(s) and (s != last or rc == 0):
                    fails.setdefault(s, ("output", "%s: %s" % (tag, first_diff(want.get(s, ""), got[s]))))
            if rc != 0 or last != "end":
                kind = "sanitizer" if ("Sanitizer" in e or "runtime error" in e) else "crash"
                if isinstance(last, int):
                    m = re.search(r"(ERROR: \w+Sanitizer: [^\n]*|runtime error: [^\n]*)", e)
                    fails.setdefault(last, (kind, "%s: exit %s %s" % (tag, rc, m.group(1) if m else e[-300:])))
                    untested |= {s for s in seeds if s not in got}
                else:
                    fails.setdefault(seeds[0], (kind, "%s: exit %s before any program" % (tag, rc)))
                reached_all = False
                break
        if args.save and fails:
            for s, (kind, detail) in fails.items():
                save(args.save, s, mode, text, after, ref, detail, kind, alone)
        if not reached_all and untested and not alone:
            # The programs the failing run did not reach are tested again
            # in a file without the culprits.
            rest = [s for s in seeds if s in untested and s not in fails]
            if rest:
                fails.update(test_file(rest, index, args, stats))
        return fails
    finally:
        shutil.rmtree(work, ignore_errors=True)


def first_diff(a, b):
    al, bl = a.splitlines(), b.splitlines()
    for i in range(max(len(al), len(bl))):
        x = al[i] if i < len(al) else "<missing>"
        y = bl[i] if i < len(bl) else "<missing>"
        if x != y:
            return "expected %r, got %r" % (x.strip(), y.strip())
    return "(same lines)"


def save(root, seed, mode, text, after, ref, detail, kind, alone):
    d = os.path.join(root, "seed-%d%s" % (seed, "" if alone else "-file"))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "orig.c"), "w") as f:
        f.write(text)
    with open(os.path.join(d, "rewritten.c"), "w") as f:
        f.write(after)
    with open(os.path.join(d, "failure.txt"), "w") as f:
        f.write("seed %d: %s (rewrite mode %s)\n%s\n" % (seed, kind, mode, detail))
    for ci, o in enumerate(ref):
        with open(os.path.join(d, "out.orig%s" % ("-DGEN_CFG" if ci else "")), "w") as f:
            f.write(o)


def check_group(seeds, index, args, stats):
    fails = test_file(seeds, index, args, stats)
    for s, (kind, detail) in sorted(fails.items()):
        if len(seeds) > 1:
            # Confirm alone; keep the file's verdict if alone it passes (an
            # interaction between programs is still a behaviour change).
            alone = test_file([s], index, args, stats, alone=True)
            if s in alone:
                kind, detail = alone[s]
            else:
                detail += " (in its file only)"
        stats.add_change(s, kind, detail)
        print("CHANGE seed %d: %s: %s" % (s, kind, detail.strip().splitlines()[0][:300] if detail.strip() else ""))
        sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--allocscan", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--lib", required=True)
    ap.add_argument("--suite", action="store_true", help="the fixed CTest suite: seeds 1-300")
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--per-file", type=int, default=20)
    ap.add_argument("-j", type=int, default=(os.cpu_count() or 2) + 1)
    ap.add_argument("--save", help="save failing programs under this folder")
    ap.add_argument("--naive", action="store_true",
                    help="check the generator: use gen.py's blind rewrite of every site instead of allocscan's")
    ap.add_argument("--time-limit", type=float, default=0, help="stop starting files after this many seconds")
    ap.add_argument("--instrument", action="store_true",
                    help="test allocscan --instrument instead: the probed programs must behave as the originals")
    args = ap.parse_args()
    args.action = "--instrument" if args.instrument else "--rewrite"
    for k in ("allocscan", "root", "lib"):
        setattr(args, k, os.path.abspath(getattr(args, k)))
    if args.save:
        args.save = os.path.abspath(args.save)
    if args.suite:
        args.start, args.count = 1, 300
    seeds = list(range(args.start, args.start + args.count))
    groups = [seeds[i:i + args.per_file] for i in range(0, len(seeds), args.per_file)]
    stats = Stats()
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        futs = []
        for gi, g in enumerate(groups):
            futs.append(ex.submit(lambda g=g, gi=gi: None if (args.time_limit and time.time() - t0 > args.time_limit)
                                  else check_group(g, args.start // args.per_file + gi, args, stats)))
        for f in futs:
            f.result()
    dt = time.time() - t0
    kinds = {}
    for s, (k, _) in stats.changes.items():
        kinds[k] = kinds.get(k, 0) + 1
    for msg in stats.infra[:20]:
        print("problem: " + msg)
    print("soundness random: %d programs tried, %d rewritten (something in the program changed), "
          "%d behaviour changes%s in %.0f s" % (
              len(stats.tried), len(stats.rewritten), len(stats.changes),
              (" (" + ", ".join("%s %d" % kv for kv in sorted(kinds.items())) + ")") if kinds else "", dt))
    if stats.changes:
        print("changed: " + " ".join(str(s) for s in sorted(stats.changes)))
        if args.save:
            print("saved under " + args.save)
    return 1 if stats.changes or stats.infra else 0


if __name__ == "__main__":
    sys.exit(main())
