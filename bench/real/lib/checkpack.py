"""Check a rule pack against a real source tree.

  checkpack.py PACK.json DIR [DIR...]

For every function entry, finds its declaration or definition in the tree
(*.h, *.c); for every macro entry, its #define. Checks that the name exists
with the kind the pack says (a function entry must be a function after
preprocessing: a name that is only a macro is reported, unless it only
renames another function entry of the pack), that it takes
enough parameters for every argument index the entry uses, and prints the
line that shows it. Exit status 1 when an entry has no match or an index is
out of range. Standard library only; a regex scan, not a C parser.
"""
import json
import os
import re
import sys

INDEX_KEYS = ("size", "count", "type", "ptr", "dst", "src", "object")
EXPORT = re.compile(r'^\s*PyAPI_FUNC\(([^()]*(?:\([^()]*\))?[^()]*)\)\s*')


def sources(dirs):
    for d in dirs:
        for root, _, files in os.walk(d):
            if "/." in root or "/test" in root or "/spec" in root or "/ext/" in root + "/":
                continue
            for f in files:
                if f.endswith((".h", ".c")):
                    yield os.path.join(root, f)


def split_params(text):
    depth, cur, out = 0, "", []
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    if out == ["void"]:
        return []
    return out


def index(files, names):
    """name -> list of (kind, nparams, file, line, text)."""
    found = {n: [] for n in names}
    alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    mac = re.compile(r'^\s*#\s*define\s+(%s)\b(\(([^)]*)\))?(.*)' % alt)
    # a declaration or definition: the name after a type (or at the start of
    # the line, Ruby's definition style), then a parameter list
    fn = re.compile(r'^(?:[\w\s\*]*[\w\*]\s+\**|)\(?\s*(%s)\s*\)?\s*\(' % alt)
    for path in files:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                # CPython's export macro: PyAPI_FUNC(void *) PyMem_Malloc(...)
                lines = [EXPORT.sub(r'\1 ', l) for l in f]
        except OSError:
            continue
        for i, line in enumerate(lines):
            m = mac.match(line)
            if m:
                params = split_params(m.group(3)) if m.group(2) else None
                body = re.sub(r'/\*.*?\*/', '', m.group(4)).strip()
                found[m.group(1)].append(("macro", params, path, i + 1, line.rstrip(), body))
                continue
            m = fn.match(line)
            if not m or line.lstrip().startswith(("return", "#", "if", "while", "else", "*", "/*", "//")):
                continue
            if re.search(r'[=;]\s*$', line[:m.start(1)]):
                continue
            # collect the parameter list, possibly over several lines
            text = "".join(lines[i:i + 8])
            start = text.index("(", m.end(1) - (len(line) - len(text)) if False else text.find(m.group(1)) + len(m.group(1)))
            depth, j = 0, start
            while j < len(text):
                if text[j] == "(":
                    depth += 1
                elif text[j] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            rest = text[j + 1:j + 200].lstrip()
            # a call statement ends in ';' right after ')' too: require a type before
            # the name unless the line is the name alone (definition style)
            before = line[:m.start(1)].strip()
            if not before and not re.match(r'^\s*\{|^\s*$|^\s*[A-Z_]+', rest):
                continue
            if before and not re.search(r'[\w\*]$', before):
                continue
            if before and re.search(r'\b(return|sizeof|case)\b', before):
                continue
            params = split_params(text[start + 1:j])
            found[m.group(1)].append(("function", params, path, i + 1, line.rstrip(), None))
    return found


def main():
    pack_path, dirs = sys.argv[1], sys.argv[2:]
    with open(pack_path) as f:
        pack = json.load(f)
    entries = [(e, False) for e in pack.get("functions", [])] + \
              [(e, True) for e in pack.get("macros", [])]
    names = {e["name"] for e, _ in entries}
    files = list(sources(dirs))
    found = index(files, names)
    # object-like aliases (#define ALLOC_N RB_ALLOC_N, #define xmalloc
    # ruby_xmalloc): take the parameters of what they stand for
    targets = {h[5] for hs in found.values() for h in hs
               if h[0] == "macro" and h[1] is None and h[5] and re.match(r'^\w+$', h[5])}
    found2 = index(files, targets) if targets else {}
    for n, hs in found.items():
        for k, h in enumerate(hs):
            if h[0] == "macro" and h[1] is None and h[5] in found2:
                for t in found2[h[5]]:
                    if t[1] is not None:
                        hs[k] = ("macro", t[1], h[2], h[3], "%s  -> %s:%d: %s" % (
                            h[4].strip(), os.path.relpath(t[2], dirs[0]), t[3], t[4].strip()), h[5])
                        break
    bad = 0
    for e, is_macro in entries:
        name = e["name"]
        idx = [e[k] for k in INDEX_KEYS if isinstance(e.get(k), int)] + list(e.get("args", []))
        need = max(idx) + 1 if idx else 0
        want = "macro" if is_macro else "function"
        # the public headers' definition first (regint.h's fallback
        # "#define xmalloc malloc" is only for Onigmo outside Ruby)
        hits = sorted((h for h in found[name] if h[0] == want),
                      key=lambda h: "/include/" not in h[2])
        # a function entry also matches a function-like macro that expands
        # to a call of the same name elsewhere (e.g. MJIT wrappers); prefer
        # real functions
        # a function entry for an object-like macro that only renames
        # another function entry of the pack (#define rb_ary_new4
        # rb_ary_new_from_values): the call spelled so is the user's own
        alias = [h for h in found[name] if not is_macro and h[0] == "macro" and h[5] in names and h[5] != name]
        if not hits and alias:
            h = alias[0]
            print("ok      %-8s %-28s alias of %s  %s:%d: %s" % (
                want, name, h[5], os.path.relpath(h[2], dirs[0]), h[3], h[4].strip()[:110]))
            continue
        if not hits:
            other = found[name]
            why = ("only a %s: %s:%d" % (other[0][0], os.path.relpath(other[0][2]), other[0][3])) if other else "not found"
            print("MISSING %-8s %-28s %s" % (want, name, why))
            bad += 1
            continue
        ok = [h for h in hits if h[1] is None and need == 0 or h[1] is not None and len(h[1]) >= need]
        h = (ok or hits)[0]
        n = "-" if h[1] is None else str(len(h[1]))
        status = "ok" if ok else "ARGS"
        if not ok:
            bad += 1
        print("%-7s %-8s %-28s params=%-2s uses<=%d  %s:%d: %s" % (
            status, want, name, n, need - 1, os.path.relpath(h[2], dirs[0]), h[3], h[4].strip()[:110]))
    print("checkpack: %s: %d entries, %d problem(s)" % (pack_path, len(entries), bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
