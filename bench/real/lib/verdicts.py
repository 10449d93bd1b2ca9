"""Join a scan's findings with hand-reviewed verdicts; write the table.

  verdicts.py REPORT.json SRC VERDICTS.tsv OUT.md [--title TEXT] [--how TEXT]

--title is the page's heading and --how says which command scanned what
(both default to CPython's, for bench/real/cpython).

VERDICTS.tsv has one site a line, tab-separated, '#' for comments:
  true|false  RULE  FILE:LINE  FUNCTION  why (read in the code)
  missed      RULE  FILE:LINE  FUNCTION  the shape that made the scan miss it
FILE is relative to SRC. A finding is matched by rule, file, line and
function. OUT.md gets every finding with its verdict, precision per rule
and overall (unreviewed findings are listed and left out of the ratio),
and the missed sites; it names the command, the source and the machine.
Exit status 1 when a finding has no verdict or a verdict matches no
finding (the table would be stale).
"""
import collections
import json
import os
import platform
import subprocess
import sys
import time

RULES = ("alloc-copy", "realloc-churn", "dup-call", "object-copy")


def load_verdicts(path):
    judged, missed = {}, []
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 5 or parts[0] not in ("true", "false", "missed"):
                sys.exit("%s:%d: expected 5 tab-separated fields: true|false|missed RULE FILE:LINE FUNCTION WHY" % (path, no))
            kind, rule, site, fn, why = parts
            if kind == "missed":
                missed.append((rule, site, fn, why))
            else:
                judged[(rule, site, fn)] = (kind == "true", why)
    return judged, missed


def cell(s):
    return s.replace("|", "\\|").replace("\n", " ")


CPY_TITLE = "CPython 3.11 with rules/python.json: every finding, judged by reading the code"
CPY_HOW = ("the last step of `bench/real/cpython`) from the JSON report of `allocscan --rules "
           "rules/python.json -p $ALLOCSCAN_WORK/cpython-db` (`bench/real/scan cpython`: the %d units of "
           "Objects/, Python/ and Parser/ the build links) and the hand-reviewed `bench/real/cpython-verdicts.tsv`.")


def main():
    args = sys.argv[1:]
    opts = {"--title": CPY_TITLE, "--how": CPY_HOW}
    for k in list(opts):
        if k in args:
            i = args.index(k)
            opts[k] = args[i + 1]
            del args[i:i + 2]
    report, src, vpath, out = args[:4]
    with open(report) as f:
        rep = json.load(f)
    judged, missed = load_verdicts(vpath)
    rows, used = [], set()
    per = collections.defaultdict(lambda: [0, 0, 0])  # true, false, unreviewed
    for x in rep["findings"]:
        # Reports name files relative to where allocscan ran, or absolute.
        base = os.path.basename(os.path.normpath(src)) + "/"
        rel = ("/" + x["file"]).split("/" + base, 1)[-1].lstrip("/")
        key = (x["rule"], "%s:%d" % (rel, x["line"]), x["function"])
        v = judged.get(key)
        used.add(key)
        if v is None:
            per[x["rule"]][2] += 1
        else:
            per[x["rule"]][0 if v[0] else 1] += 1
        rows.append((key, x, v))
    stale = [k for k in judged if k not in used]
    how = opts["--how"] % rep["files"] if "%d" in opts["--how"] else opts["--how"]
    lines = ["# " + opts["--title"], "",
             "Written by `bench/real/lib/verdicts.py` (" + how,
             "Source: %s. Machine: %s, %s, %d cores. Date: %s." % (
                 os.path.basename(os.path.normpath(src)), platform.node() or "?", platform.platform(),
                 os.cpu_count() or 0, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())),
             "", "Files: %d, files with errors: %d, scan time %.1f s (JSON run)." % (
                 rep["files"], rep["files_with_errors"], rep.get("seconds", 0.0)), "",
             "## Precision", "", "| rule | findings | true | false | unreviewed | precision |", "|---|---|---|---|---|---|"]
    tt = tf = tu = 0
    for r in RULES:
        t, fa, u = per[r]
        tt, tf, tu = tt + t, tf + fa, tu + u
        prec = "%.2f" % (t / (t + fa)) if t + fa else "-"
        lines.append("| %s | %d | %d | %d | %d | %s |" % (r, t + fa + u, t, fa, u, prec))
    lines.append("| all | %d | %d | %d | %d | %s |" % (tt + tf + tu, tt, tf, tu,
                                                      "%.2f" % (tt / (tt + tf)) if tt + tf else "-"))
    top = sorted(rows, key=lambda r: -r[1]["value"])[:10]
    top_true = sum(1 for _, _, v in top if v and v[0])
    lines += ["", "The %d highest-valued findings: %d true, %d false, %d unreviewed." % (
        len(top), top_true, sum(1 for _, _, v in top if v and not v[0]), sum(1 for _, _, v in top if v is None))]
    lines += ["", "## Findings", "", "| rule | site | function | fix | value | verdict | why |", "|---|---|---|---|---|---|---|"]
    for key, x, v in rows:
        verdict = "unreviewed" if v is None else ("true" if v[0] else "false")
        lines.append("| %s | %s | %s | %s | %d | %s | %s |" % (
            x["rule"], key[1], x["function"], x["fix"], x["value"], verdict, cell(v[1] if v else "")))
    lines += ["", "## True sites the scan misses", "", "| rule | site | function | shape that made it miss |",
              "|---|---|---|---|"]
    for rule, site, fn, why in missed:
        lines.append("| %s | %s | %s | %s |" % (rule, site, fn, cell(why)))
    if stale:
        lines += ["", "Verdicts that match no finding (stale): " + ", ".join("%s %s %s" % k for k in stale)]
    with open(out + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(out + ".tmp", out)
    print("verdicts: %d findings, %d true, %d false, %d unreviewed, %d stale verdicts, %d missed sites listed -> %s"
          % (len(rows), tt, tf, tu, len(stale), len(missed), out))
    print("verdicts: top %d by value: %d true" % (len(top), top_true))
    for r in RULES:
        t, fa, u = per[r]
        if t + fa:
            print("verdicts: %-13s precision %.2f (%d/%d)" % (r, t / (t + fa), t, t + fa))
    return 1 if tu or stale else 0


if __name__ == "__main__":
    sys.exit(main())
