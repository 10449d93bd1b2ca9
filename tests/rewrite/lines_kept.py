#!/usr/bin/env python3
"""Checks that a rewrite kept every line's number (issue 36).

Usage: lines_kept.py ORIGINAL REWRITTEN REPORT.json

REPORT.json is `allocscan --format json ORIGINAL` before the rewrite: the
lines its findings' edits span are the rewritten ones. Every other line of
ORIGINAL must be in REWRITTEN, unchanged, at a line whose __LINE__ is the
same (a #line directive counted). The one line added, `#include
<asrt/asrt.h>`, either takes the place of a blank line or is followed by a
`#line N` that gives the next line its number back.
"""
import json
import re
import sys

INCLUDE = re.compile(r'#include [<"]asrt/asrt(_probe)?\.h[>"]$')
LINE = re.compile(r'\s*#\s*(?:line\s+)?(\d+)\b')


def numbers(lines):
    """The __LINE__ of each physical line, #line and `# N` markers counted."""
    out, n = [], 1
    for text in lines:
        out.append(n)
        m = LINE.match(text)
        n = int(m.group(1)) if m else n + 1
    return out


def main():
    orig_text = open(sys.argv[1], newline="").read()
    new = open(sys.argv[2], newline="").read().split("\n")
    orig = orig_text.split("\n")
    touched = set()
    for f in json.load(open(sys.argv[3]))["findings"]:
        for e in f.get("edits") or []:
            first = orig_text.count("\n", 0, e["begin"])
            last = orig_text.count("\n", 0, e["end"])
            touched.update(range(first, last + 1))
    on, nn = numbers(orig), numbers(new)
    i = j = 0
    errors = []
    while i < len(orig) and j < len(new):
        if i not in touched and new[j] != orig[i] and INCLUDE.match(new[j].rstrip("\r")):
            if not orig[i].strip():
                i, j = i + 1, j + 1  # the include in a blank line's place
                continue
            if j + 1 < len(new) and LINE.match(new[j + 1]):
                j += 2  # inserted, with a #line after it
                continue
            errors.append("line %d: the include moves the lines after it" % (i + 1))
            j += 1
            continue
        if i not in touched:
            if new[j] != orig[i]:
                errors.append("line %d: changed although no edit spans it:\n  - %r\n  + %r" % (i + 1, orig[i], new[j]))
                break
            if nn[j] != on[i]:
                errors.append("line %d: __LINE__ is %d after the rewrite, %d before" % (i + 1, nn[j], on[i]))
                break
        i, j = i + 1, j + 1
    if not errors and (i, j) != (len(orig), len(new)):
        errors.append("the rewritten file has %d lines, the original %d" % (len(new), len(orig)))
    for e in errors:
        print("%s: %s" % (sys.argv[2], e))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
