#!/usr/bin/env python3
"""The analyzer's folders are stages in one order (analyzer/CMakeLists.txt,
AS_STAGES); a file may include headers of its own stage and earlier ones
only, instrument/ only its own and common's, and no header includes itself
through others. Usage: layers.py SOURCE_DIR"""
import os
import re
import sys

STAGES = ["common", "frontend", "facts", "fix", "detect", "program", "report", "driver"]


def main(root):
    where = {}  # header name -> (part, stage index)
    files = []
    for i, st in enumerate(STAGES):
        d = os.path.join(root, "analyzer", st)
        for n in sorted(os.listdir(d)):
            files.append((os.path.join(d, n), i))
            if n.endswith(".h"):
                where[n] = i
    inst = os.path.join(root, "instrument")
    for n in sorted(os.listdir(inst)):
        if n.endswith((".c", ".h")):
            files.append((os.path.join(inst, n), "instrument"))
            if n.endswith(".h"):
                where[n] = "instrument"
    stray = [n for n in os.listdir(os.path.join(root, "analyzer")) if n.endswith((".c", ".h"))]
    bad = ["analyzer/%s: outside every stage folder" % n for n in stray]
    graph = {}
    for path, stage in files:
        incs = re.findall(r'^\s*#\s*include\s+"([^"]+)"', open(path).read(), re.M)
        graph[os.path.basename(path)] = [h for h in incs if h in where]
        for h in incs:
            if h not in where:
                bad.append("%s: includes %s, which no stage has" % (path, h))
                continue
            to = where[h]
            if stage == "instrument":
                ok = to in ("instrument", 0)
            else:
                ok = to != "instrument" and to <= stage or (to == "instrument" and stage == len(STAGES) - 1)
            if not ok:
                name = lambda s: s if isinstance(s, str) else STAGES[s]
                bad.append("%s (%s) includes %s (%s)" % (os.path.relpath(path, root), name(stage), h, name(to)))
    # Cycles among headers.
    state = {}

    def visit(h, stack):
        state[h] = 1
        for k in graph.get(h, []):
            if state.get(k) == 1:
                bad.append("include cycle: " + " -> ".join(stack + [h, k]))
            elif not state.get(k):
                visit(k, stack + [h])
        state[h] = 2

    for h in sorted(where):
        if not state.get(h):
            visit(h, [])
    for b in bad:
        print(b)
    print("%d files checked, %d problems" % (len(files), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
