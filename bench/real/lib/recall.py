"""Recall of a scan against hand-reviewed candidate sites; write the tables.

  recall.py REPORT.json SRC CANDIDATES.tsv VERDICTS.tsv OUT.md OUT.json
            --title TEXT --how TEXT [--first TEXT]

CANDIDATES.tsv is recallcand.py's output (FILE LINE CLASS FUNCTION DETAIL),
VERDICTS.tsv the review of every candidate, one site a line, tab-separated,
'#' for comments:
  FILE  LINE  CLASS  true|false  FOUND(yes|no)  why (read in the code)
It may hold sites the review found beside the candidates. FILE is relative
to SRC, as in the candidates. A true site is found when the report has a
finding of its rule at its file and line. Recall per rule and overall is
true sites found / true sites; the missed ones are listed with their why.
--first gives the recall the first scan measured, before any change made
for the code base (the untuned figure), kept beside the current one.
Exit status 1 when the review is out of date: a candidate without a
verdict, or a FOUND column the report contradicts (the tables are written
all the same, with the report's answer).
"""
import collections
import json
import os
import subprocess
import sys
import time

RULES = ("alloc-copy", "realloc-churn")


def load_verdicts(path):
    rows = {}
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            p = line.split("\t")
            if len(p) != 6 or p[2] not in RULES or p[3] not in ("true", "false") or p[4] not in ("yes", "no"):
                sys.exit("%s:%d: expected FILE LINE CLASS true|false yes|no WHY, tab-separated" % (path, no))
            rows[(p[0], int(p[1]), p[2])] = (p[3] == "true", p[4] == "yes", p[5])
    return rows


def head():
    """The worktree's commit, said to differ when the analyzer's or the
    packs' sources have uncommitted changes (a scan of work in progress)."""
    here = os.path.dirname(os.path.abspath(__file__))
    r = subprocess.run(["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", here, "status", "--porcelain", "--", ":/analyzer", ":/rules",
                            ":/bench/real/packs"], capture_output=True, text=True).stdout.strip()
    return (r.stdout.strip() or "unknown") + (" with uncommitted analyzer or pack changes" if dirty else "")


def cell(s):
    return s.replace("|", "\\|")


def main():
    args = sys.argv[1:]
    opts = {}
    for k in ("--title", "--how", "--first"):
        if k not in args and k == "--first":
            continue
        i = args.index(k)
        opts[k] = args[i + 1]
        del args[i:i + 2]
    report, src, cands, vpath, out_md, out_json = args
    rows = load_verdicts(vpath)
    with open(report) as f:
        rep = json.load(f)
    base = os.path.basename(os.path.normpath(src)) + "/"
    found = set()
    for x in rep["findings"]:
        rel = ("/" + x["file"]).split("/" + base, 1)[-1].lstrip("/")
        found.add((rel, x["line"], x["rule"]))
    stale = []
    with open(cands) as f:
        ncand = 0
        for line in f:
            p = line.rstrip("\n").split("\t")
            ncand += 1
            if (p[0], int(p[1]), p[2]) not in rows:
                stale.append("candidate without a verdict: %s:%s %s" % (p[0], p[1], p[2]))
    per = collections.defaultdict(lambda: [0, 0])  # found, true
    missed, sites = [], []
    for key in sorted(rows):
        true, said, why = rows[key]
        hit = key in found
        if hit != said:
            stale.append("%s:%d %s: the review says found=%s, the report %s" %
                         (key[0], key[1], key[2], "yes" if said else "no", "has it" if hit else "does not"))
        if not true:
            continue
        per[key[2]][1] += 1
        per[key[2]][0] += hit
        sites.append({"file": key[0], "line": key[1], "rule": key[2], "found": hit, "why": why})
        if not hit:
            missed.append(sites[-1])
    outside = sorted(k for k in found if k not in rows)
    tot_f = sum(v[0] for v in per.values())
    tot_t = sum(v[1] for v in per.values())
    result = {
        "title": opts["--title"],
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "head": head(),
        "units": rep.get("files"),
        "units_with_errors": rep.get("files_with_errors"),
        "candidates": ncand,
        "reviewed": len(rows),
        "recall": {r: {"found": per[r][0], "true": per[r][1]} for r in RULES},
        "total": {"found": tot_f, "true": tot_t},
        "first": opts.get("--first"),
        "sites": sites,
        "findings_outside_review": [{"file": k[0], "line": k[1], "rule": k[2]} for k in outside],
    }
    with open(out_json + ".tmp", "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    os.replace(out_json + ".tmp", out_json)

    def pct(a, b):
        return "%d/%d (%.0f%%)" % (a, b, 100.0 * a / b) if b else "0/0"

    md = ["# " + opts["--title"], "",
          "Written by %s on %s at %s: %d candidate sites from "
          "`bench/real/lib/recallcand.py` (a crude finder that does not use allocscan), each read and "
          "judged in `%s`." % (opts["--how"], result["date"], result["head"], ncand, os.path.relpath(vpath, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))),
          "", "| rule | true sites | found by allocscan | recall |", "|---|---|---|---|"]
    for r in RULES:
        md.append("| `%s` | %d | %d | %s |" % (r, per[r][1], per[r][0], pct(per[r][0], per[r][1])))
    md.append("| all | %d | %d | %s |" % (tot_t, tot_f, pct(tot_f, tot_t)))
    if "--first" in opts:
        md += ["", "First measured, before any change made for this code base (the untuned figure): %s." %
               opts["--first"]]
    md += ["", "## Missed true sites", ""]
    md += ["| site | rule | why it is a site |", "|---|---|---|"] if missed else ["None."]
    for m in missed:
        md.append("| `%s:%d` | `%s` | %s |" % (m["file"], m["line"], m["rule"], cell(m["why"])))
    md += ["", "## Found true sites", "", "| site | rule | why it is a site |", "|---|---|---|"]
    for s in sites:
        if s["found"]:
            md.append("| `%s:%d` | `%s` | %s |" % (s["file"], s["line"], s["rule"], cell(s["why"])))
    if outside:
        md += ["", "## Findings outside the review", "",
               "Findings at no reviewed site (the candidate finder missed their shape; precision is "
               "judged elsewhere):", ""]
        md += ["- `%s:%d` `%s`" % k for k in outside]
    with open(out_md + ".tmp", "w") as f:
        f.write("\n".join(md) + "\n")
    os.replace(out_md + ".tmp", out_md)
    for s in stale:
        print("recall: " + s, file=sys.stderr)
    print("recall: %s" % pct(tot_f, tot_t))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
