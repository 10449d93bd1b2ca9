"""Ruby's top-level translation units and their compile database.

  rubydb.py tus SRC [BUILD]     print the top-level *.c that are TUs
  rubydb.py db SRC BUILD TUS    write compile_commands.json to stdout

A top-level .c is not a translation unit of its own when another top-level
.c #includes it, either by name (`#include "vm_eval.c"`) or through a macro
that config.h defines (`#include THREAD_IMPL_SRC`, "thread_pthread.c").
The included files are listed on stderr (and in ruby-included.txt next to
the TU list when $ALLOCSCAN_WORK is set).

Flags: for each TU, `make -n V=1 -W SRC/x.c x.o` in the configured build
dir prints the exact command Ruby's Makefile runs for that object (the
suffix rule or a per-object rule of common.mk); nothing is built. The
command line is recorded as is, with the build dir as its directory.
"""
import glob
import json
import os
import re
import shlex
import subprocess
import sys

INC_NAME = re.compile(r'^\s*#\s*include\s+"([^"]+\.c)"', re.M)
INC_MACRO = re.compile(r'^\s*#\s*include\s+([A-Za-z_]\w*)\s*$', re.M)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def config_defines(build):
    """String #defines of Ruby's config.h (for #include MACRO)."""
    defs = {}
    if not build:
        return defs
    for h in glob.glob(os.path.join(build, ".ext", "include", "*", "ruby", "config.h")):
        for m in re.finditer(r'^#define\s+(\w+)\s+"([^"]+)"', read(h), re.M):
            defs[m.group(1)] = m.group(2)
    return defs


def included_files(src, build):
    tops = sorted(os.path.basename(p) for p in glob.glob(os.path.join(src, "*.c")))
    defs = config_defines(build)
    included = {}
    for t in tops:
        text = read(os.path.join(src, t))
        names = [os.path.basename(n) for n in INC_NAME.findall(text)]
        for macro in INC_MACRO.findall(text):
            if macro in defs and defs[macro].endswith(".c"):
                names.append(os.path.basename(defs[macro]))
        for n in names:
            if n in tops and n != t:
                included.setdefault(n, []).append(t)
    # thread_win32.c is the THREAD_IMPL_SRC of Windows builds: included by
    # thread.c there, never a TU of its own.
    if "thread_win32.c" in tops and "thread_win32.c" not in included:
        included["thread_win32.c"] = ["thread.c (THREAD_IMPL_SRC on Windows)"]
    return tops, included


def cmd_tus(src, build):
    tops, included = included_files(src, build)
    for n in sorted(included):
        print("rubydb: %-18s not a TU: #included by %s" % (n, ", ".join(included[n])),
              file=sys.stderr)
    work = os.environ.get("ALLOCSCAN_WORK")
    if work and os.path.isdir(work):
        with open(os.path.join(work, "ruby-included.txt"), "w") as f:
            for n in sorted(included):
                f.write("%s\t%s\n" % (n, ", ".join(included[n])))
    for t in tops:
        if t not in included:
            print(os.path.join(src, t))


# TUs that Ruby's Makefile compiles in the recipe of another target than
# their .o (common.mk: exe/$(PROGRAM) compiles ruby-runner.c with
# -DRUBY_INSTALL_NAME=ruby).
TARGET = {"ruby-runner.c": "exe/ruby"}


def compile_line(out, cfile):
    """The line of make -n output that compiles cfile with -c."""
    base = os.path.basename(cfile)
    for line in out.splitlines():
        try:
            words = shlex.split(line)
        except ValueError:
            continue
        if "-c" not in words:
            continue
        # the source can be written as path, $< resolved through VPATH
        for w in words:
            if w.endswith(".c") and os.path.basename(w) == base:
                return words
    return None


def cmd_db(src, build, tusfile):
    src = os.path.abspath(src)
    build = os.path.abspath(build)
    with open(tusfile) as f:
        tus = [l.strip() for l in f if l.strip()]
    entries = []
    bad = []
    for tu in tus:
        obj = TARGET.get(os.path.basename(tu), os.path.basename(tu)[:-2] + ".o")
        # -W names the source as make knows it: the VPATH-found path for
        # most files, the bare name for a file that also has a rule of its
        # own (parse.c: parse.y). Try both.
        words, why = None, "no compile line"
        for w in (tu, os.path.basename(tu)):
            r = subprocess.run(["make", "-n", "V=1", "-W", w, obj], cwd=build,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            words = compile_line(r.stdout, tu) if r.returncode == 0 else None
            if words is not None:
                break
            why = ((r.stderr or r.stdout).strip().splitlines() or [why])[-1]
        if words is None:
            bad.append((tu, [why]))
            continue
        # the source word is the file we asked for: write it absolute
        args = [tu if w.endswith(".c") and os.path.basename(w) == os.path.basename(tu)
                else w for w in words]
        entries.append({"directory": build, "file": tu, "arguments": args})
    for tu, why in bad:
        print("rubydb: no compile command for %s: %s" % (tu, why[0]), file=sys.stderr)
    if bad:
        sys.exit("rubydb: %d TU(s) without a compile command" % len(bad))
    json.dump(entries, sys.stdout, indent=1)
    sys.stdout.write("\n")
    print("rubydb: %d entries" % len(entries), file=sys.stderr)


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "tus":
        cmd_tus(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
    elif len(sys.argv) == 5 and sys.argv[1] == "db":
        cmd_db(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
