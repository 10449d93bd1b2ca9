"""The report of bench/real/rewrite-compare: sites two analyzers rewrite in
Ruby and Lua, the after analyzer's reason for each site it no longer
rewrites joined with a reviewed verdict, the reasons checked in every
output format, and the test results of the stock and rewritten builds.

  rwcompare.py --work RC --verdicts FILE --before BIN --after BIN
               --ruby-src DIR --lua-src DIR --command TEXT --env TEXT
               --md OUT.md --json OUT.json
               [--ruby-stock DIR --ruby-rw DIR] [--lua-stock DIR --lua-rw DIR --lua-tests DIR]

A site is keyed PROJECT:FILE:LINE:COLUMN:RULE (FILE relative to the
project's source tree); it is rewritten when its fix class is memdup, share
or grow and it carries edits. The verdict file has one line per site
rewritten before and not after: KEY, a tab, "refusal" (the old rewrite was
unsound or not provable) or "lost" (a sound opportunity the analysis no
longer proves), a tab, one line saying why; '#' starts a comment.
Exit status 1 when a lost site has no verdict, a refused site's reason is
missing from some format, or a test fails only on a rewritten build.
"""
import argparse
import collections
import datetime
import json
import os
import re
import subprocess
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "harness"))
import results  # noqa: E402  (bench/harness/results.py: host(), write())
sys.path.insert(0, HERE)
import rubytests  # noqa: E402

PROJECTS = ("ruby", "lua")
FIXES = ("memdup", "share", "grow")


def rel(path, root):
    path = os.path.normpath(path)
    root = os.path.normpath(root)
    return os.path.relpath(path, root) if path.startswith(root + os.sep) else path


def key(project, root, f):
    return "%s:%s:%d:%d:%s" % (project, rel(f["file"], root), f["line"], f["column"], f["rule"])


def rewritten(f):
    return f["fix"] in FIXES and bool(f.get("edits"))


def findings(path, project, root):
    """{key: finding}; a site seen by several units is one site, rewritten
    if any of them rewrites it (as the rewriter applies it once)."""
    out = {}
    for f in json.load(open(path))["findings"]:
        k = key(project, root, f)
        if k not in out or (rewritten(f) and not rewritten(out[k])):
            out[k] = f
    return out


def fixed_line(path):
    """The rewriter's "N sites fixed in M files, R refused, ..." line."""
    try:
        lines = open(path).read().splitlines()
    except OSError:
        return None, ""
    for line in reversed(lines):
        m = re.search(r"(\d+) sites? fixed in (\d+) files?, (\d+) refused", line)
        if m:
            return int(m.group(1)), line.replace("allocscan: ", "")
    return None, ""


def sarif_reasons(path, project, root, work):
    out = {}
    doc = json.load(open(path))
    for r in doc["runs"][0]["results"]:
        loc = r["locations"][0]["physicalLocation"]
        uri = urllib.parse.unquote(loc["artifactLocation"]["uri"])
        # Absolute file: URIs, or relative to %SRCROOT%: where allocscan ran.
        uri = uri[len("file://"):] if uri.startswith("file://") else os.path.join(work, uri)
        k = "%s:%s:%d:%d:%s" % (project, rel(uri, root),
                                loc["region"]["startLine"], loc["region"].get("startColumn", 0), r["ruleId"])
        out.setdefault(k, set()).add(r.get("properties", {}).get("reason") or "")
    return out


NOTE = re.compile(r"^(\S+?):(\d+):(\d+): note: (.*)$")


def text_notes(path, project, root, rc):
    """{(project:file:line:col): [note text, ...]} of the text report."""
    out = collections.defaultdict(list)
    for line in open(path, errors="replace"):
        m = NOTE.match(line.rstrip("\n"))
        if m:
            f = m.group(1) if m.group(1).startswith("/") else os.path.join(rc, m.group(1))
            out["%s:%s:%s:%s" % (project, rel(f, root), m.group(2), m.group(3))].append(m.group(4))
    return out


def verdicts(path):
    out = {}
    for n, line in enumerate(open(path), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[1] not in ("refusal", "lost"):
            sys.exit("rwcompare: %s:%d: want KEY<tab>refusal|lost<tab>WHY" % (path, n))
        out[parts[0]] = {"verdict": parts[1], "why": parts[2]}
    return out


def git(d, *args):
    return subprocess.run(["git", "-C", d] + list(args), text=True, capture_output=True).stdout.strip()


SOURCES = ("analyzer", "instrument", "rules")


def shown_env(env):
    """The settings, each path by its file name: the two binaries are
    named with their worktrees' commits below."""
    return " ".join(k + "=" + (os.path.basename(v) if os.path.isabs(v) else v)
                    for k, _, v in (w.partition("=") for w in env.split()))


def analyzer(binary):
    """The binary, its worktree's commit and the last commit there that
    changed the analyzer's sources (what the binary was built from, when
    the worktree is clean), the binary's time, and the commits of the
    worktree that changed those sources after it was built (then the binary
    is not the worktree's analyzer: it was built before them)."""
    d = os.path.dirname(os.path.abspath(binary))
    top = git(d, "rev-parse", "--show-toplevel")
    built = int(os.path.getmtime(binary))
    later = git(top, "log", "--format=%h", "--since=@%d" % built, "--", *SOURCES).split() if top else []
    # The binary by its place in its worktree, not by this machine's path.
    shown = os.path.relpath(os.path.abspath(binary), top) if top else os.path.basename(binary)
    return {"binary": shown, "commit": git(d, "rev-parse", "--short", "HEAD"),
            "analyzer_commit": git(top, "log", "-1", "--format=%h", "--", *SOURCES) if top else "",
            "built": datetime.datetime.fromtimestamp(built, datetime.timezone.utc).isoformat(timespec="seconds"),
            "sources_changed_since": later,
            "version": results.first_line([binary, "--version"])}


def analyzer_lines(label, a):
    """The Markdown lines naming analyzer a (from analyzer()) as label, with
    the commits that changed its sources after the binary was built."""
    lines = ["- %s: `%s` (worktree at %s; analyzer, instrument and rules last changed in %s; %s)"
             % (label, a["binary"], a["commit"], a["analyzer_commit"], a["version"])]
    if a.get("sources_changed_since"):
        lines += ["  - built %s, before %d commit(s) of its worktree changed the analyzer's sources (%s): the"
                  % (a["built"], len(a["sources_changed_since"]), ", ".join(a["sources_changed_since"])),
                  "    results are the binary's, not those of the worktree's analyzer as it now stands"]
    return lines

def ruby_tests(stock, rw):
    out = {}
    for name in ("make-test", "test-all", "test-all-rerun"):
        logs = [os.path.join(b, name + ".log") for b in (stock, rw)]
        if not all(os.path.exists(p) for p in logs):
            continue
        (fs, ss), (fr, sr) = (rubytests.parse(p) for p in logs)
        out[name] = {"stock": {"summary": ss, "failures": sorted(fs)},
                     "rewritten": {"summary": sr, "failures": sorted(fr)},
                     "added": sorted(set(fr) - set(fs)), "gone": sorted(set(fs) - set(fr))}
    return out


def lua_tests(stock, rw, tests):
    out = {}
    for t in sorted(os.listdir(tests)):
        if t.endswith(".lua"):
            n = t[:-4]
            try:
                a, b = (open(os.path.join(d, n + ".out"), errors="replace").read() for d in (stock, rw))
            except OSError:
                out[t] = {"same": False, "stock_exit": "not run", "rewritten_exit": "not run", "lines": 0}
                continue
            out[t] = {"same": a == b, "stock_exit": a.splitlines()[-1], "rewritten_exit": b.splitlines()[-1],
                      "lines": len(a.splitlines())}
    return out


def site_row(k, f):
    return {"site": k, "function": f.get("function"), "fix": f["fix"], "fix_text": f.get("fix_text"),
            "reason": f.get("reason"),
            "allocation": (f.get("allocation") or f.get("realloc") or {}).get("expression"),
            "copy": (f.get("copy") or {}).get("expression")}


def code(s):
    return "`%s`" % s


def section(w, title, cols, rows, intro=()):
    """A heading, the intro lines when there are rows, and a table of them."""
    w("## " + title)
    w("")
    if rows:
        for line in intro:
            w(line)
        if intro:
            w("")
        w("| " + " | ".join(cols) + " |")
        w("|" + "---|" * len(cols))
        for r in rows:
            w("| " + " | ".join(r) + " |")
        w("")


def md_escape(s):
    return (s or "").replace("|", "\\|").replace("\n", " ")


def main():
    ap = argparse.ArgumentParser()
    for a in ("work", "verdicts", "before", "after", "ruby-src", "lua-src", "command", "env", "md", "json"):
        ap.add_argument("--" + a, required=True)
    for a in ("ruby-stock", "ruby-rw", "lua-stock", "lua-rw", "lua-tests"):
        ap.add_argument("--" + a)
    o = ap.parse_args()
    roots = {"ruby": o.ruby_src, "lua": o.lua_src + "/src"}
    judged = verdicts(o.verdicts)
    doc = {"schema": "allocscan-real-rewrite/1",
           "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "command": o.command.strip(), "env": shown_env(o.env), "host": results.host(None),
           "before": analyzer(o.before), "after": analyzer(o.after), "projects": {}}
    problems = []
    for p in PROJECTS:
        root = roots[p]
        bf = findings(os.path.join(o.work, "before", p + ".json"), p, root)
        af = findings(os.path.join(o.work, "after", p + ".json"), p, root)
        brw = {k for k, f in bf.items() if rewritten(f)}
        arw = {k for k, f in af.items() if rewritten(f)}
        nb, lb = fixed_line(os.path.join(o.work, "before", p + ".diff.stderr"))
        na, la = fixed_line(os.path.join(o.work, "after", p + ".rewrite.stderr"))
        for who, n, s in (("before --diff", nb, brw), ("after --rewrite", na, arw)):
            if n != len(s):
                problems.append("%s %s: %s sites fixed, the JSON has %d rewritable" % (p, who, n, len(s)))
        per = collections.Counter()
        for tag, fs in (("before", bf), ("after", af)):
            for f in fs.values():
                per[(f["rule"], f["fix"] if rewritten(f) else "not rewritten", tag)] += 1
        lost = []
        for k in sorted(brw - arw, key=lambda k: (k.split(":")[1], int(k.split(":")[2]))):
            row = site_row(k, bf[k])
            row["before_fix"] = bf[k]["fix"]
            a = af.get(k)
            row["after_fix"] = a["fix"] if a else None
            row["after_reason"] = (a.get("reason") if a else "not reported by the after analyzer")
            v = judged.get(k)
            row["verdict"], row["why"] = (v["verdict"], v["why"]) if v else (None, None)
            if not v:
                problems.append("%s: lost site without a verdict in %s" % (k, o.verdicts))
            lost.append(row)
        gained = [site_row(k, af[k]) for k in sorted(arw - brw)]
        kept = [site_row(k, af[k]) for k in sorted(arw & brw)]
        changed = [dict(site_row(k, af[k]), before_fix=bf[k]["fix"]) for k in sorted(arw & brw)
                   if bf[k]["fix"] != af[k]["fix"]]
        # Every site the after analyzer does not rewrite says why, in JSON,
        # SARIF and the text report.
        sar = sarif_reasons(os.path.join(o.work, "after", p + ".sarif"), p, root, o.work)
        notes = text_notes(os.path.join(o.work, "after", p + ".txt"), p, root, o.work)
        refused = {k: f for k, f in af.items() if not rewritten(f)}
        missing = []
        for k, f in sorted(refused.items()):
            r = f.get("reason") or ""
            loc = k.rsplit(":", 1)[0]
            where = []
            if not r:
                where.append("json")
            if not r or r not in sar.get(k, set()):
                where.append("sarif")
            if not r or not any(r in n for n in notes.get(loc, [])):
                where.append("text")
            if where:
                missing.append({"site": k, "reason": r, "missing_in": where})
        for m in missing:
            problems.append("%s: reason missing in %s" % (m["site"], ", ".join(m["missing_in"])))
        doc["projects"][p] = {
            "findings": {"before": len(bf), "after": len(af)},
            "rewritten": {"before": len(brw), "after": len(arw)},
            "rewriter": {"before": lb, "after": la},
            "per_rule_fix": [{"rule": r, "fix": fx, "before": per[(r, fx, "before")], "after": per[(r, fx, "after")]}
                             for r, fx in sorted({(r, fx) for r, fx, _ in per})],
            "lost": lost, "gained": gained, "kept": kept, "class_changed": changed,
            "reasons": {"not_rewritten": len(refused), "missing": missing},
        }
    if o.ruby_stock:
        doc["ruby_tests"] = ruby_tests(o.ruby_stock, o.ruby_rw)
        t = doc["ruby_tests"]
        confirm = t.get("test-all-rerun")
        for name in ("make-test", "test-all"):
            if name not in t:
                problems.append("ruby %s: no finished log from both builds (not run, or still running)" % name)
                continue
            added = t[name]["added"]
            if name == "test-all" and confirm is not None:
                # A failure only the rewritten build had counts when its
                # file's rerun fails on the rewritten build and not on stock.
                added = [n for n in added if n in confirm["added"]]
            if added:
                problems.append("ruby %s: failures only on the rewritten build: %s" % (name, ", ".join(added)))
            for b in ("stock", "rewritten"):
                if "tests" not in t[name][b]["summary"] and name == "test-all":
                    problems.append("ruby test-all (%s): no summary line (did it finish?)" % b)
    if o.lua_stock:
        doc["lua_tests"] = lua_tests(o.lua_stock, o.lua_rw, o.lua_tests)
        for t, r in doc["lua_tests"].items():
            if not r["same"]:
                problems.append("lua %s: output differs between the stock and rewritten builds" % t)
    doc["problems"] = problems
    results.write(o.json, doc)
    write_md(o.md, doc, os.path.relpath(o.json, os.path.dirname(o.md)))
    for p in PROJECTS:
        d = doc["projects"][p]
        print("%s: rewritten before %d, after %d; lost %d, gained %d, class changed %d; not rewritten %d, reason missing %d"
              % (p, d["rewritten"]["before"], d["rewritten"]["after"], len(d["lost"]), len(d["gained"]),
                 len(d["class_changed"]), d["reasons"]["not_rewritten"], len(d["reasons"]["missing"])))
    for name, t in doc.get("ruby_tests", {}).items():
        print("ruby %s: stock %s, %d failures; rewritten %s, %d failures; only rewritten: %d"
              % (name, summary_text(t["stock"]["summary"]), len(t["stock"]["failures"]),
                 summary_text(t["rewritten"]["summary"]), len(t["rewritten"]["failures"]), len(t["added"])))
    for pr in problems:
        print("PROBLEM: " + pr)
    sys.exit(1 if problems else 0)


def summary_text(s):
    if "tests" in s:
        return "%(tests)d tests, %(failures)d failures, %(errors)d errors, %(skips)d skips" % s + (
            ", exit %d" % s["exit"] if "exit" in s else "")
    return "exit %s" % s.get("exit", "?")


def write_md(path, doc, json_name):
    L = []
    w = L.append
    w("# Rewrites of Ruby 3.1 and Lua 5.4: before and after the control-flow-graph proof")
    w("")
    w("Written by `%s` on %s (%s); the data is in [%s](%s)." % (doc["command"], doc["created"], doc["env"],
                                                                 json_name, json_name))
    h = doc["host"]
    w("Machine: %s; %s CPUs (%s), %s; %s; %s." % (h["uname"], h["cpus"], h["cpu_model"], h["mem_total"],
                                                  h["glibc"], h["cc"]))
    w("")
    for who in ("before", "after"):
        for line in analyzer_lines(who, doc[who]):
            w(line)
    w("")
    w("A site is rewritten when the analyzer gives it a fix class (memdup, share, grow) with edits; the")
    w("rewriter's own count (`--diff` before, `--rewrite` of a copy after) is beside it.")
    w("")
    w("| project | findings before | findings after | rewritten before | rewritten after | before's `--diff` | after's `--rewrite` |")
    w("|---|---:|---:|---:|---:|---|---|")
    for p, d in doc["projects"].items():
        w("| %s | %d | %d | %d | %d | %s | %s |" % (p, d["findings"]["before"], d["findings"]["after"],
                                                   d["rewritten"]["before"], d["rewritten"]["after"],
                                                   d["rewriter"]["before"], d["rewriter"]["after"]))
    w("")
    w("## Per rule and fix class")
    w("")
    w("| project | rule | fix | before | after |")
    w("|---|---|---|---:|---:|")
    for p, d in doc["projects"].items():
        for r in d["per_rule_fix"]:
            w("| %s | %s | %s | %d | %d |" % (p, r["rule"], r["fix"], r["before"], r["after"]))
    w("")
    for p, d in doc["projects"].items():
        n = collections.Counter(r["verdict"] for r in d["lost"])
        section(w, "%s: rewritten before, not after (%d: %d correct refusals, %d sound opportunities lost%s)"
                % (p, len(d["lost"]), n["refusal"], n["lost"], ", %d not reviewed" % n[None] if n[None] else ""),
                ("site", "function", "before", "after's reason", "verdict", "why"),
                [(code(r["site"]), r["function"], r["before_fix"], md_escape(r["after_reason"]),
                  r["verdict"] or "**not reviewed**", md_escape(r["why"])) for r in d["lost"]],
                ("The after analyzer's reason is what its JSON, SARIF and text reports say; the verdict is a",
                 "reviewer's reading of the code at the site (`bench/real/rewrite-verdicts.txt`)."))
        section(w, "%s: rewritten after, not before (%d)" % (p, len(d["gained"])),
                ("site", "function", "fix", "what proved it"),
                [(code(r["site"]), r["function"], r["fix"], md_escape(r["reason"])) for r in d["gained"]])
        section(w, "%s: rewritten by both (%d)" % (p, len(d["kept"])), ("site", "function", "fix", "replacement"),
                [(code(r["site"]), r["function"], r["fix"], code(md_escape(r["fix_text"]))) for r in d["kept"]])
        if d["class_changed"]:
            section(w, "%s: rewritten by both, in another fix class (%d)" % (p, len(d["class_changed"])),
                    ("site", "function", "before", "after", "reason"),
                    [(code(r["site"]), r["function"], r["before_fix"], r["fix"], md_escape(r["reason"]))
                     for r in d["class_changed"]])
    section(w, "Reasons in every format", ("project", "not rewritten", "reason missing somewhere"),
            [(p, str(d["reasons"]["not_rewritten"]), str(len(d["reasons"]["missing"])))
             for p, d in doc["projects"].items()],
            ("Every site the after analyzer reports and does not rewrite, checked to carry its reason in the JSON",
             "`reason`, the SARIF result's `properties.reason` and a note of the text report at its location."))
    if "ruby_tests" in doc:
        t = doc["ruby_tests"]
        section(w, "Ruby's tests, stock and rewritten (linked with libasrt)",
                ("suite", "stock", "rewritten", "failures stock", "failures rewritten", "only rewritten", "only stock"),
                [(name, summary_text(x["stock"]["summary"]), summary_text(x["rewritten"]["summary"]),
                  str(len(x["stock"]["failures"])), str(len(x["rewritten"]["failures"])), str(len(x["added"])),
                  str(len(x["gone"]))) for name, x in t.items()],
                ("`test-all-rerun`, when present, reran the test files of the failures only the rewritten build had",
                 "on both builds; a failure counts against the rewrite only when the rerun confirms it."))
        for name, x in t.items():
            for side in ("added", "gone"):
                if x[side]:
                    w("%s, failing only on the %s build: %s" % (name, "rewritten" if side == "added" else "stock",
                                                               ", ".join(code(f) for f in x[side])))
                    w("")
    if "lua_tests" in doc:
        section(w, "Lua: bench/real/lua/*.lua on the stock and rewritten interpreters",
                ("script", "output lines", "stock", "rewritten", "same output"),
                [(t, str(r["lines"]), r["stock_exit"], r["rewritten_exit"], "yes" if r["same"] else "**no**")
                 for t, r in doc["lua_tests"].items()])
    if doc["problems"]:
        w("## Problems")
        w("")
        for pr in doc["problems"]:
            w("- " + md_escape(pr))
        w("")
    tmp = path + ".tmp%d" % os.getpid()
    with open(tmp, "w") as f:
        f.write("\n".join(L))
    os.replace(tmp, path)


if __name__ == "__main__":
    main()
