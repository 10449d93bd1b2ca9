"""A compile database with one entry per hand-written source file.

  recalldb.py IN.json OUT.json [--drop DIR]...

Keeps the entries of IN.json whose file is not under one of the DIRs
(relative to the entry's directory: generated units such as mruby's
build/), one per file: the last the build compiled (mruby compiles its
core twice, for mrbc and for the library; scanning both would report each
site twice). Paths are kept as the build wrote them. Prints the kept files,
relative to the first entry's directory, one a line: the file list the
candidate finder (recallcand.py) reads.
"""
import json
import os
import sys


def main():
    args = sys.argv[1:]
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
    with open(out + ".tmp", "w") as f:
        json.dump(list(kept.values()), f, indent=1)
    os.replace(out + ".tmp", out)
    base = db[0]["directory"] if db else "."
    for path in sorted(kept):
        print(os.path.relpath(path, base))


if __name__ == "__main__":
    main()
