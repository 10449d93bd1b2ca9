"""The report of bench/real/suite-compare: Tcl's and Redis's own test
suites on the stock builds and on the builds allocscan rewrote, linked
with libasrt.

  suitecmp.py --work SC --allocscan BIN --project NAME:STOCK-LOG:RW-LOG ...
              --md OUT.md --json OUT.json --argv TEXT --redis-tests TEXT
              --seconds N
  suitecmp.py failures tcl|redis LOG   one failing test a line (for a reader)
  suitecmp.py rerun tcl|redis STOCK-LOG RW-LOG
                                       the test files to run again: those of
                                       the tests failing only on RW-LOG

A project given as NAME:STOCK-LOG:RW-LOG:STOCK-RERUN:RW-RERUN also has the
logs of those files run again on both builds: a test failing only on the
rewritten build counts against the rewrite only when it fails again there
and not on the stock build (a timing test under load fails once and then
passes: Tcl's timer-3.1 at load 12).

Each project's rewrite is SC/NAME.rewrite.stderr (the rewriter's summary
line last) and SC/NAME.diff. tcltest's all.tcl prints each failing test as
"==== NAME TITLE FAILED" (and again as "==== NAME FAILED" after its
contents), each test file's name on a line of its own before its output,
and the totals as "all.tcl: Total N Passed N Skipped N Failed N". Redis's
runtest prints "[ok]: NAME (N ms)", "[err]: NAME in FILE", "[skip]: ...",
"[ignore]: ...", "[exception]: ..." per test and ends with "All tests
passed without errors!" or a list of the failed ones. Exit status 1 when a
test fails only on a rewritten build, or a suite did not run to its end.
"""
import argparse
import datetime
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "harness"))
import results  # noqa: E402  (bench/harness/results.py: host(), write())
sys.path.insert(0, HERE)
import rwcompare  # noqa: E402  (analyzer(): the binary by its worktree and commit)

FAILED = re.compile(r"^==== (\S+) .*FAILED\s*$")
FILE = re.compile(r"^(\S+\.test)\s*$")
TOTALS = re.compile(r"^all\.tcl:\s+Total\s+(\d+)\s+Passed\s+(\d+)\s+Skipped\s+(\d+)\s+Failed\s+(\d+)")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
REDIS = re.compile(r"^\[(ok|err|skip|ignore|exception)\]: (.*?)(?: \(\d+ ms\))?$")


def parse_tcl(path):
    """({failing test: its test file}, totals dict with "exit")."""
    fails, totals, where = {}, {}, None
    for line in open(path, errors="replace"):
        line = line.rstrip("\n")
        m = FILE.match(line)
        if m:
            where = m.group(1)
            continue
        m = FAILED.match(line)
        if m:
            fails.setdefault(m.group(1), where)
            continue
        m = TOTALS.match(line)
        if m:
            totals.update(zip(("total", "passed", "skipped", "failed"), (int(g) for g in m.groups())))
            continue
        if line.startswith("exit "):
            totals["exit"] = int(line.split()[1])
    return fails, totals


def parse_redis(path):
    """As parse_tcl; a test's file is what its [err] line names."""
    fails, counts, done = {}, {"ok": 0, "err": 0, "skip": 0, "ignore": 0, "exception": 0}, False
    totals = {}
    for line in open(path, errors="replace"):
        line = ANSI.sub("", line.rstrip("\n"))
        m = REDIS.match(line)
        if m:
            counts[m.group(1)] += 1
            if m.group(1) in ("err", "exception"):
                name, _, where = m.group(2).rpartition(" in ")
                fails.setdefault(name or m.group(2), where or None)
            continue
        if "All tests passed without errors" in line or "The following tests failed" in line:
            done = True
        elif line.startswith("exit "):
            totals["exit"] = int(line.split()[1])
    if done:
        totals.update(total=sum(counts.values()), passed=counts["ok"], skipped=counts["skip"] + counts["ignore"],
                      failed=counts["err"] + counts["exception"])
    return fails, totals


PARSERS = {"tcl": parse_tcl, "redis": parse_redis}


def sites(diff):
    """The rewritten files and the number of changed hunks in each."""
    files, cur = {}, None
    for line in open(diff, errors="replace"):
        if line.startswith("+++ "):
            cur = line[4:].rstrip("\n").split("\t")[0].split("/", 1)[-1]
            files[cur] = 0
        elif line.startswith("@@") and cur:
            files[cur] += 1
    return files


def rerun_files(name, stock_log, rw_log):
    """The test files of the tests failing only on the rewritten build."""
    stock, rw = PARSERS[name](stock_log)[0], PARSERS[name](rw_log)[0]
    return sorted({rw[t] for t in set(rw) - set(stock) if rw[t]})


def project(work, spec):
    name, stock_log, rw_log, *rerun = spec.split(":")
    stock, st = PARSERS[name](stock_log)
    rw, rt = PARSERS[name](rw_log)
    only = sorted(set(rw) - set(stock))
    passed_again = []
    if rerun and only:
        again_stock = PARSERS[name](rerun[0])[0]
        again_rw = PARSERS[name](rerun[1])[0]
        passed_again = [t for t in only if t not in again_rw or t in again_stock]
    summary = open(os.path.join(work, name + ".rewrite.stderr"), errors="replace").read().strip().splitlines()
    return name, {
        "rewriter": summary[-1] if summary else "",
        "files": sites(os.path.join(work, name + ".diff")),
        "stock": {"totals": st, "failures": stock},
        "rewritten": {"totals": rt, "failures": rw},
        "only_rewritten": [t for t in only if t not in passed_again],
        "passed_when_rerun": passed_again,
        "only_stock": sorted(set(stock) - set(rw)),
        "complete": all("total" in t for t in (st, rt)),
    }


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "failures":
        for name in sorted(PARSERS[sys.argv[2]](sys.argv[3])[0]):
            print(name)
        return 0
    if len(sys.argv) == 5 and sys.argv[1] == "rerun":
        for f in rerun_files(*sys.argv[2:]):
            print(f)
        return 0
    ap = argparse.ArgumentParser()
    for a in ("--work", "--allocscan", "--md", "--json", "--argv", "--redis-tests"):
        ap.add_argument(a, required=True)
    ap.add_argument("--project", action="append", required=True)
    ap.add_argument("--seconds", type=int, required=True)
    o = ap.parse_args()
    doc = {
        "command": o.argv,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "seconds": o.seconds,
        "host": results.host(None),
        "allocscan": rwcompare.analyzer(o.allocscan),
        "redis_tests": o.redis_tests.split(),
        "projects": dict(project(o.work, p) for p in o.project),
    }
    with open(o.json, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    write_md(o.md, doc, os.path.basename(o.json))
    bad = [p for p in doc["projects"].values() if not p["complete"] or p["only_rewritten"]]
    return 1 if bad else 0


def totals_text(t):
    if "total" not in t:
        return "no totals (the suite did not finish), exit %s" % t.get("exit", "?")
    return "%(total)d tests, %(passed)d passed, %(skipped)d skipped, %(failed)d failed" % t + (
        ", exit %d" % t["exit"] if "exit" in t else "")


TITLES = {"tcl": "Tcl 8.6 (`make test`: tcltest's all.tcl, every test file)",
          "redis": "Redis 7.0 (`./runtest`, built MALLOC=libc)"}


def write_md(path, doc, json_name):
    L = []
    w = L.append
    h, a = doc["host"], doc["allocscan"]
    w("# Real test suites, stock and rewritten by allocscan")
    w("")
    w("Written by `%s` on %s in %d s; the data is in [%s](%s)." % (doc["command"], doc["created"], doc["seconds"],
                                                                   json_name, json_name))
    w("Machine: %s; %s CPUs (%s), %s; %s; %s." % (h["uname"], h["cpus"], h["cpu_model"], h["mem_total"],
                                                  h["glibc"], h["cc"]))
    w("")
    for line in rwcompare.analyzer_lines("analyzer", a):
        w(line)
    w("- each tree is rewritten by `allocscan -p DB --rules bench/real/packs/NAME.json --rewrite` of a copy;")
    w("  the rewritten build is linked with libasrt (its allocator and the helpers the rewrite calls)")
    if "redis" in doc["projects"]:
        w("- Redis's units: %s" % (" ".join(doc["redis_tests"]) or "all"))
    w("")
    w("| project | rewrite | stock | rewritten | failing only rewritten |")
    w("|---|---|---|---|---:|")
    for name, p in doc["projects"].items():
        w("| %s | %s | %s | %s | %s |" % (name, p["rewriter"].replace("allocscan: ", ""),
                                         totals_text(p["stock"]["totals"]), totals_text(p["rewritten"]["totals"]),
                                         len(p["only_rewritten"]) if p["complete"] else "suite unfinished"))
    for name, p in doc["projects"].items():
        w("")
        w("## %s" % TITLES[name])
        w("")
        if not p["complete"]:
            w("**A suite did not run to its end**: no comparison.")
        elif p["only_rewritten"]:
            w("**Tests failing only on the rewritten build** (%d):" % len(p["only_rewritten"]))
            w("")
            for n in p["only_rewritten"]:
                w("- `%s` (%s)" % (n, p["rewritten"]["failures"][n] or "?"))
        else:
            w("No test fails on the rewritten build that passes on the stock one.")
        if p.get("passed_when_rerun"):
            w("")
            w("Failed once on the rewritten build only, then passed when its test file was run again on both "
              "builds (%d): %s" % (len(p["passed_when_rerun"]), ", ".join(
                  "`%s` (%s)" % (n, p["rewritten"]["failures"][n] or "?") for n in p["passed_when_rerun"])))
        both = sorted(set(p["stock"]["failures"]) & set(p["rewritten"]["failures"]))
        if both:
            w("")
            w("Failing on both builds (%d): %s" % (len(both), ", ".join("`%s`" % n for n in both)))
        if p["only_stock"]:
            w("")
            w("Failing on the stock build only (%d): %s" % (len(p["only_stock"]),
                                                           ", ".join("`%s`" % n for n in p["only_stock"])))
        if p["files"]:
            w("")
            w("| rewritten file | hunks |")
            w("|---|---:|")
            for f, n in sorted(p["files"].items()):
                w("| `%s` | %d |" % (f, n))
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")


if __name__ == "__main__":
    sys.exit(main())
