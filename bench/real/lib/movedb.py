"""Write a compile database with its source tree moved.

  movedb.py DB OLD-ROOT NEW-ROOT > NEW-DB

Every "file", "directory", "command" and "arguments" entry of DB has OLD-ROOT
replaced by NEW-ROOT: the database of a copy of the tree (a rewritten copy
is scanned and built with the original's flags; generated headers of the
original build dir stay where they are).
"""
import json
import sys


def main():
    db, old, new = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
    for e in db:
        for k in ("file", "directory"):
            e[k] = e[k].replace(old, new)
        if "arguments" in e:
            e["arguments"] = [a.replace(old, new) for a in e["arguments"]]
        if "command" in e:
            e["command"] = e["command"].replace(old, new)
    json.dump(db, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
