"""bench/real/lib/suitecmp.py reads Tcl's and Redis's test logs: tcltest's
"==== NAME ... FAILED" lines under their test file and the all.tcl totals;
runtest's [ok]/[err]/[skip]/[exception] lines, colours and all, and its
ending. A test failing only on the rewritten build, or a log with no
totals, makes the report's exit status 1; failures both builds share do
not, nor does one that passes when its file is run again on both builds.
usage: suitecmp_check.py SOURCE_DIR ALLOCSCAN"""
import json
import os
import subprocess
import sys
import tempfile

TCL_STOCK = """\
Tests running in interp:  /b/tcltest
interp.test


==== interp-36.7 ChildBgerror sets error handler of child [1999035] FAILED
==== Contents of test case:
    set result
---- Result was:
untouched
==== interp-36.7 FAILED

io.test
all.tcl:\tTotal\t100\tPassed\t90\tSkipped\t9\tFailed\t1
Sourced 2 Test Files.
exit 0
"""
TCL_RW = TCL_STOCK.replace("io.test\n", """io.test


==== io-1.1 read FAILED
==== io-1.1 FAILED

""").replace("Failed\t1", "Failed\t2")

RED = "\x1b[0;31m"
END = "\x1b[0m"
REDIS_STOCK = """\
[ok]: SET and GET an item (1 ms)
[%serr%s]: LPOS basic usage in tests/unit/type/list.tcl
[skip]: large memory
[ok]: HSET/HLEN (3 ms)

                   The End

!!! WARNING The following tests failed:

*** [err]: LPOS basic usage in tests/unit/type/list.tcl
exit 1
""" % (RED, END)
REDIS_RW = REDIS_STOCK.replace("[ok]: HSET/HLEN (3 ms)", "[exception]: HSET/HLEN in tests/unit/type/hash.tcl")


def run(*args):
    return subprocess.run([sys.executable] + list(args), text=True, capture_output=True)


def main():
    src, allocscan = sys.argv[1], sys.argv[2]
    tool = os.path.join(src, "bench", "real", "lib", "suitecmp.py")
    bad = []
    with tempfile.TemporaryDirectory() as d:
        logs = {}
        for name, text in (("tcl-stock", TCL_STOCK), ("tcl-rw", TCL_RW), ("redis-stock", REDIS_STOCK),
                           ("redis-rw", REDIS_RW), ("redis-cut", REDIS_STOCK.split("The End")[0])):
            logs[name] = os.path.join(d, name + ".log")
            open(logs[name], "w").write(text)
        for p in ("tcl", "redis"):
            open(os.path.join(d, p + ".rewrite.stderr"), "w").write("allocscan: 2 sites fixed in 1 file\n")
        open(os.path.join(d, "redis.diff"), "w").write(
            "--- redis-7.0.15/src/t_set.c\n+++ redis-7.0.15/src/t_set.c\n@@ -1 +1 @@\n@@ -9 +9 @@\n")
        open(os.path.join(d, "tcl.diff"), "w").write("")

        got = run(tool, "failures", "tcl", logs["tcl-rw"]).stdout.split()
        if got != ["interp-36.7", "io-1.1"]:
            bad.append("tcl failures: %r" % got)
        got = run(tool, "failures", "redis", logs["redis-rw"]).stdout.splitlines()
        if got != ["HSET/HLEN", "LPOS basic usage"]:
            bad.append("redis failures: %r" % got)

        def report(tcl_rw, redis_rw):
            md, js = os.path.join(d, "r.md"), os.path.join(d, "r.json")
            p = run(tool, "--work", d, "--allocscan", allocscan, "--md", md, "--json", js, "--argv", "x",
                    "--redis-tests", "unit/type/list", "--seconds", "1",
                    "--project", "tcl:%s:%s" % (logs["tcl-stock"], tcl_rw),
                    "--project", "redis:%s:%s" % (logs["redis-stock"], redis_rw))
            return p.returncode, json.load(open(js)) if os.path.exists(js) else None, p.stderr

        rc, doc, err = report(logs["tcl-stock"], logs["redis-stock"])
        if rc != 0 or doc is None:
            bad.append("same logs: status %d %s" % (rc, err))
        else:
            t = doc["projects"]["tcl"]["stock"]["totals"]
            if t != {"total": 100, "passed": 90, "skipped": 9, "failed": 1, "exit": 0}:
                bad.append("tcl totals: %r" % t)
            r = doc["projects"]["redis"]["stock"]["totals"]
            if r != {"total": 4, "passed": 2, "skipped": 1, "failed": 1, "exit": 1}:
                bad.append("redis totals: %r" % r)
            if doc["projects"]["redis"]["files"] != {"src/t_set.c": 2}:
                bad.append("redis files: %r" % doc["projects"]["redis"]["files"])
        rc, doc, err = report(logs["tcl-rw"], logs["redis-rw"])
        if rc != 1 or doc is None:
            bad.append("added failures: status %d %s" % (rc, err))
        else:
            if doc["projects"]["tcl"]["only_rewritten"] != ["io-1.1"]:
                bad.append("tcl only_rewritten: %r" % doc["projects"]["tcl"]["only_rewritten"])
            if doc["projects"]["redis"]["only_rewritten"] != ["HSET/HLEN"]:
                bad.append("redis only_rewritten: %r" % doc["projects"]["redis"]["only_rewritten"])
        # The files to run again, and the reruns: io-1.1 passes again on the
        # rewritten build (not counted), HSET/HLEN fails again (counted).
        got = run(tool, "rerun", "tcl", logs["tcl-stock"], logs["tcl-rw"]).stdout.split()
        if got != ["io.test"]:
            bad.append("tcl rerun files: %r" % got)
        got = run(tool, "rerun", "redis", logs["redis-stock"], logs["redis-rw"]).stdout.split()
        if got != ["tests/unit/type/hash.tcl"]:
            bad.append("redis rerun files: %r" % got)
        again = os.path.join(d, "again-pass.log")
        open(again, "w").write("io.test\nall.tcl:\tTotal\t1\tPassed\t1\tSkipped\t0\tFailed\t0\n")
        md, js = os.path.join(d, "r.md"), os.path.join(d, "r.json")
        p = run(tool, "--work", d, "--allocscan", allocscan, "--md", md, "--json", js, "--argv", "x",
                "--redis-tests", "unit/type/list", "--seconds", "1",
                "--project", "tcl:%s:%s:%s:%s" % (logs["tcl-stock"], logs["tcl-rw"], again, again),
                "--project", "redis:%s:%s:%s:%s" % (logs["redis-stock"], logs["redis-rw"], logs["redis-stock"],
                                                    logs["redis-rw"]))
        doc = json.load(open(js)) if os.path.exists(js) else None
        if p.returncode != 1 or doc is None:
            bad.append("reruns: status %d %s" % (p.returncode, p.stderr))
        elif (doc["projects"]["tcl"]["only_rewritten"], doc["projects"]["tcl"]["passed_when_rerun"],
              doc["projects"]["redis"]["only_rewritten"]) != ([], ["io-1.1"], ["HSET/HLEN"]):
            bad.append("reruns: %r" % {k: (v["only_rewritten"], v["passed_when_rerun"])
                                        for k, v in doc["projects"].items()})
        rc, doc, err = report(logs["tcl-stock"], logs["redis-cut"])
        if rc != 1 or doc is None or doc["projects"]["redis"]["complete"]:
            bad.append("unfinished suite: status %d %s" % (rc, err))
    for b in bad:
        print("FAIL:", b)
    print("ok" if not bad else "%d problem(s)" % len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
