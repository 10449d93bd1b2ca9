"""Summarise bench/real/scan's reports.

  summary.py REPORTS_DIR PROJECT...

Reads PROJECT.json (allocscan --format json: an object with "findings",
each with "rule", "fix", ...), PROJECT.json.time (GNU time -v),
PROJECT.json.stderr (diagnostics: FILE:LINE:COL: error: ...), the exit
statuses of the three runs, and PROJECT.sarif (checked to be SARIF 2.1.0
with as many results as the JSON has findings). Writes summary.json beside
them.
"""
import collections
import json
import os
import re
import sys

RULES = ("alloc-copy", "realloc-churn", "dup-call")


def gnu_time(path):
    out = {}
    try:
        t = open(path).read()
    except OSError:
        return out
    m = re.search(r"Maximum resident set size \(kbytes\):\s*(\d+)", t)
    if m:
        out["maxrss_kb"] = int(m.group(1))
    m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\):\s*([\d:.]+)", t)
    if m:
        secs = 0.0
        for part in m.group(1).split(":"):
            secs = secs * 60 + float(part)
        out["wall_s"] = secs
    for k, key in (("User time (seconds)", "user_s"), ("System time (seconds)", "sys_s")):
        m = re.search(re.escape(k) + r":\s*([\d.]+)", t)
        if m:
            out[key] = float(m.group(1))
    return out


def findings_of(doc):
    if isinstance(doc, list):
        return doc
    for k in ("findings", "results", "sites"):
        if isinstance(doc.get(k), list):
            return doc[k]
    return []


def main():
    rdir, projects = sys.argv[1], sys.argv[2:]
    summary = {}
    for p in projects:
        s = {"project": p}
        rc = {}
        for fmt in ("json", "text", "sarif"):
            try:
                rc[fmt] = int(open(os.path.join(rdir, "%s.%s.rc" % (p, fmt))).read())
            except (OSError, ValueError):
                rc[fmt] = None
        s["exit"] = rc
        s.update(gnu_time(os.path.join(rdir, p + ".json.time")))
        try:
            doc = json.load(open(os.path.join(rdir, p + ".json")))
        except (OSError, ValueError) as e:
            s["error"] = "no JSON report: %s" % e
            summary[p] = s
            continue
        fs = findings_of(doc)
        s["files"] = doc.get("files") if isinstance(doc, dict) else None
        s["files_with_errors"] = doc.get("files_with_errors") if isinstance(doc, dict) else None
        by_rule = collections.Counter(f.get("rule") or f.get("ruleId") for f in fs)
        by_fix = collections.defaultdict(collections.Counter)
        by_file = collections.Counter()
        for f in fs:
            by_fix[f.get("rule")][f.get("fix") or "-"] += 1
            by_file[os.path.basename(f.get("file") or "?")] += 1
        s["sites"] = {r: by_rule.get(r, 0) for r in RULES}
        for r in by_rule:
            if r not in RULES:
                s["sites"][r] = by_rule[r]
        s["fix"] = {r: dict(c) for r, c in by_fix.items()}
        s["top_files"] = by_file.most_common(10)
        errs = []
        try:
            for line in open(os.path.join(rdir, p + ".json.stderr"), errors="replace"):
                if re.search(r":\d+:\d+: (fatal )?error:", line) or "error:" in line:
                    errs.append(line.rstrip())
        except OSError:
            pass
        s["error_lines"] = errs
        s["error_files"] = sorted({re.sub(r":\d+:\d+:.*", "", e) for e in errs
                                   if re.search(r":\d+:\d+:", e)})
        try:
            sarif = json.load(open(os.path.join(rdir, p + ".sarif")))
            nres = sum(len(run.get("results", [])) for run in sarif.get("runs", []))
            s["sarif"] = {"version": sarif.get("version"), "results": nres,
                          "matches_json": nres == len(fs)}
        except (OSError, ValueError) as e:
            s["sarif"] = {"error": str(e)}
        summary[p] = s

    json.dump(summary, open(os.path.join(rdir, "summary.json"), "w"), indent=1)
    for p, s in summary.items():
        print("== %s" % p)
        if "error" in s:
            print("  %s" % s["error"])
            continue
        print("  files %s, with errors %s; exit json/text/sarif: %s/%s/%s" % (
            s["files"], s["files_with_errors"], s["exit"]["json"], s["exit"]["text"], s["exit"]["sarif"]))
        for r, n in s["sites"].items():
            fixes = ", ".join("%s %d" % kv for kv in sorted(s["fix"].get(r, {}).items()))
            print("  %-14s %5d   %s" % (r, n, "(" + fixes + ")" if fixes else ""))
        if "wall_s" in s:
            print("  wall %.1f s, cpu %.1f s, peak RSS %d kB (json run)" % (
                s["wall_s"], s.get("user_s", 0) + s.get("sys_s", 0), s.get("maxrss_kb", 0)))
        sa = s.get("sarif", {})
        print("  sarif: %s" % (("version %s, %d results, %s" % (sa["version"], sa["results"],
              "same as JSON" if sa["matches_json"] else "DIFFERS from JSON")) if "results" in sa else sa))
        if s["error_files"]:
            print("  files with errors (%d): %s" % (len(s["error_files"]), ", ".join(s["error_files"][:20])))
            for e in s["error_lines"][:10]:
                print("    " + e)
        if s["top_files"]:
            print("  most sites: " + ", ".join("%s %d" % kv for kv in s["top_files"]))
    print("written: %s" % os.path.join(rdir, "summary.json"))


if __name__ == "__main__":
    main()
