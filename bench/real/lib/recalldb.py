"""A compile database with one entry per hand-written source file.

  recalldb.py IN.json OUT.json [--drop DIR]...
  recalldb.py --files DIR OUT.json [FLAG...] -- FILE...

Keeps the entries of IN.json whose file is not under one of the DIRs
(relative to the entry's directory: generated units such as mruby's
build/), one per file: the last the build compiled (mruby compiles its
core twice, for mrbc and for the library; scanning both would report each
site twice). Paths are kept as the build wrote them. Prints the kept files,
relative to the first entry's directory, one a line: the file list the
candidate finder (recallcand.py) reads.

With --files, no build: one entry per FILE (relative to DIR), compiled in
DIR with cc and the FLAGs, for a code base scanned without building it
(jq, whose configure step needs autoconf: its config is given as -D).
"""
import json
import os
import sys


def write(db, out):
    with open(out + ".tmp", "w") as f:
        json.dump(db, f, indent=1)
    os.replace(out + ".tmp", out)


def from_files(args):
    d, out = os.path.abspath(args[0]), args[1]
    sep = args.index("--")
    flags, files = args[2:sep], args[sep + 1:]
    db = [{"directory": d, "file": f, "arguments": ["cc", "-c"] + flags + [f]} for f in files]
    return db, out


def main():
    args = sys.argv[1:]
    if args and args[0] == "--files":
        db, out = from_files(args[1:])
        write(db, out)
        for e in db:
            print(e["file"])
        return
    drops = [args[i + 1] for i, a in enumerate(args) if a == "--drop"]
    src, out = [a for i, a in enumerate(args) if a != "--drop" and (i == 0 or args[i - 1] != "--drop")][:2]
    with open(src) as f:
        db = json.load(f)
    kept = {}
    for e in db:
        path = os.path.normpath(os.path.join(e["directory"], e["file"]))
        rel = os.path.relpath(path, e["directory"])
        if any(rel == d or rel.startswith(d.rstrip("/") + "/") for d in drops):
            continue
        kept[path] = e
    write(list(kept.values()), out)
    base = db[0]["directory"] if db else "."
    for path in sorted(kept):
        print(os.path.relpath(path, base))


if __name__ == "__main__":
    main()
