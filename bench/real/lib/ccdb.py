"""Helpers shared by the bench/real scripts: reading a compile database and
turning an entry into a clang command line."""
import json
import os
import shlex


def load(path):
    with open(path) as f:
        db = json.load(f)
    out = []
    for e in db:
        args = e.get("arguments") or shlex.split(e["command"])
        out.append({"directory": e["directory"], "file": e["file"], "arguments": args})
    return out


def drop_output(args):
    """ARGS without -o OUT (or -oOUT)."""
    keep = []
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a.startswith("-o") and len(a) > 2:
            continue
        keep.append(a)
    return keep


def clang_args(entry, clang="clang", mode="-fsyntax-only"):
    """The entry's flags for clang in MODE: the compiler word replaced, -c and
    -o OUT dropped, the source file last."""
    src = os.path.basename(entry["file"])
    keep = [a for a in drop_output(entry["arguments"][1:])
            if a != "-c" and not (a.endswith(".c") and os.path.basename(a) == src)]
    # gcc-only warning flags: keep clang quiet about them
    return [clang, mode, "-Wno-unknown-warning-option"] + keep + [entry["file"]]


def main():
    """ccdb.py clang-cmds DB_JSON     one shell command a line, cd'd
       ccdb.py subset DB_JSON K OUT   every K-th entry into OUT (a db file)
       ccdb.py files DB_JSON          the files, one a line"""
    import sys
    cmd, path = sys.argv[1], sys.argv[2]
    db = load(path)
    if cmd == "clang-cmds":
        for e in db:
            print("cd %s && %s" % (shlex.quote(e["directory"]),
                                   " ".join(shlex.quote(a) for a in clang_args(e))))
    elif cmd == "subset":
        k = int(sys.argv[3])
        with open(sys.argv[4], "w") as f:
            json.dump(db[::k], f, indent=1)
    elif cmd == "files":
        for e in db:
            print(e["file"])
    else:
        sys.exit(main.__doc__)


if __name__ == "__main__":
    main()
