"""CPython's translation units and their compile database.

  cpydb.py SRC BUILD > compile_commands.json

The units are the ones the configured build links into the interpreter
core from Objects/, Python/ and Parser/: the objects of the Makefile's
OBJECT_OBJS, PYTHON_OBJS and PARSER_OBJS for this platform (so
Python/dynload_win.c and the other platform-only files are not among
them). Each unit's flags are the command line of `make -n -W SRC OBJ` in
the build dir, the exact recipe the Makefile runs for that object (the
suffix rule or a per-object rule such as Python/sysmodule.o's); nothing
is built. A unit whose source is generated at build time and absent here
is listed apart. On stderr: the .c files of those folders that are not in
this build, each with why.
"""
import glob
import json
import os
import shlex
import subprocess
import sys
import tempfile

LISTS = ("OBJECT_OBJS", "PYTHON_OBJS", "PARSER_OBJS")
FOLDERS = ("Objects", "Python", "Parser")


def objects(build):
    with tempfile.NamedTemporaryFile("w", suffix=".mk", delete=False) as f:
        f.write("include Makefile\nallocscan-print-objs:\n\t@echo %s\n" % " ".join("$(%s)" % v for v in LISTS))
        mk = f.name
    try:
        r = subprocess.run(["make", "-s", "-f", mk, "allocscan-print-objs"], cwd=build,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, check=True)
    finally:
        os.unlink(mk)
    return sorted(set(r.stdout.split()))


def compile_line(out, base):
    # A per-object recipe continued with backslashes is one command.
    for line in out.replace("\\\n", " ").splitlines():
        try:
            words = shlex.split(line)
        except ValueError:
            continue
        if "-c" in words and any(w.endswith(".c") and os.path.basename(w) == base for w in words):
            return words
    return None


def main():
    src, build = (os.path.abspath(a) for a in sys.argv[1:3])
    entries, generated, failed = [], [], []
    objs = objects(build)
    for obj in objs:
        rel = obj[:-2] + ".c"
        tu = os.path.join(src, rel)
        if not os.path.exists(tu):
            generated.append(rel)
            continue
        r = subprocess.run(["make", "-n", "-W", tu, obj], cwd=build,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        words = compile_line(r.stdout, os.path.basename(tu)) if r.returncode == 0 else None
        if words is None:
            failed.append((rel, ((r.stderr or r.stdout).strip().splitlines() or ["no compile line"])[-1]))
            continue
        args = [tu if w.endswith(".c") and os.path.basename(w) == os.path.basename(tu) else
                os.path.normpath(os.path.join(build, w)) if w.endswith(".c") else w for w in words]
        entries.append({"directory": build, "file": tu, "arguments": args})
    inbuild = {o[:-2] + ".c" for o in objs}
    for folder in FOLDERS:
        for path in sorted(glob.glob(os.path.join(src, folder, "*.c"))):
            rel = os.path.relpath(path, src)
            if rel not in inbuild:
                print("cpydb: %-32s not in this build (not an object of %s here: another platform's, or "
                      "#included by a unit)" % (rel, "/".join(LISTS)), file=sys.stderr)
    for rel in generated:
        print("cpydb: %-32s generated at build time, absent: not scanned" % rel, file=sys.stderr)
    for rel, why in failed:
        print("cpydb: %-32s no compile line from make -n: %s" % (rel, why), file=sys.stderr)
    print("cpydb: %d units of %d objects in %s" % (len(entries), len(objs), "+".join(LISTS)), file=sys.stderr)
    json.dump(entries, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
