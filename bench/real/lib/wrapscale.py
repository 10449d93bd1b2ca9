"""bench/real/wrapper-scale's figures: one code base's result from its work
folder, the check that every merge equals the whole scan, and the report.

  wrapscale.py base WORK NAME KIND PACK CHANGED DBDIR   result JSON on stdout
  wrapscale.py check RESULT.json                        exit 1 unless equal
  wrapscale.py report REPO ALLOCSCAN COMMAND RESULT.json...
                    docs/results/wrapper-scale.{md,json}

Paths in the results are relative to $ALLOCSCAN_WORK or to the repository:
no machine's folders."""
import collections
import datetime
import glob
import json
import os
import shlex
import subprocess
import sys

STEPS = ("gcc-full", "gcc-changed", "cc-cold", "cc-warm", "cc-changed", "merge-cold", "merge-changed", "clang",
         "whole")
MERGES = ("cold", "changed")


def read_times(path):
    t = {}
    with open(path) as f:
        for line in f:
            k, v = line.rstrip("\n").split(" ", 1)
            if k == "Command":  # /usr/bin/time's "Command exited with non-zero status N"
                continue
            if k.startswith("load_"):
                t[k] = [float(x) for x in v.split()]
            else:
                t[k] = float(v)
    t["cpu"] = round(t["user"] + t["sys"], 2)
    return t


def canon(f):
    return json.dumps(f, sort_keys=True)


def key(f):
    return (f["rule"], f["file"], f["line"], f["message"], f.get("fix"))


def compare(merged, whole):
    """Finding for finding: the whole JSON object of each, as multisets."""
    m = collections.Counter(canon(f) for f in merged)
    w = collections.Counter(canon(f) for f in whole)
    km = collections.Counter(key(f) for f in merged)
    kw = collections.Counter(key(f) for f in whole)
    return {"equal": m == w, "matched": sum((m & w).values()), "merged": len(merged), "whole": len(whole),
            "only_merged": [json.loads(x) for x in (m - w)][:5], "only_whole": [json.loads(x) for x in (w - m)][:5],
            "matched_by_key": sum((km & kw).values())}


def compile_of(entry):
    """An entry's file, folder and flags without its output: two compiles
    of one file with the same flags (into two targets) are one unit file."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    out = []
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif not a.startswith("-o"):
            out.append(a)
    return (entry["directory"], entry["file"], tuple(out))


def base(work, name, kind, pack, changed, dbdir):
    b = os.path.join(work, "wrapper-scale", name)
    rel = lambda p: os.path.relpath(p, work)  # noqa: E731
    times = {s: read_times(os.path.join(b, "times", s)) for s in STEPS}
    whole = json.load(open(os.path.join(b, "whole.json")))
    db = json.load(open(os.path.join(dbdir, "compile_commands.json")))
    with open(os.path.join(b, "src", "debian", "changelog")) as f:
        pkg, version = f.readline().split()[:2]  # "postgresql-15 (15.18-0+deb12u1) ..."
    res = {"name": name, "kind": kind, "source": "%s %s" % (pkg, version.strip("()")),
           "pack": pack if pack == "libc" else os.path.relpath(pack, os.path.join(os.path.dirname(__file__), "..",
                                                                                   "..", "..")),
           "changed_file": changed, "folder": rel(b), "database": rel(os.path.join(dbdir, "compile_commands.json")),
           "db_entries": len(db), "db_c_entries": sum(1 for e in db if e["file"].endswith(".c")),
           "db_distinct": len({compile_of(e) for e in db if e["file"].endswith(".c")}),
           "units": len(glob.glob(os.path.join(b, "units", "*.asunit"))),
           "files": whole["files"], "files_with_errors": whole["files_with_errors"],
           "findings": len(whole["findings"]), "counts": whole["counts"], "times": times, "merges": {}}
    for m in MERGES:
        merged = json.load(open(os.path.join(b, "merge-%s.json" % m)))
        res["merges"][m] = compare(merged["findings"], whole["findings"])
        res["merges"][m]["files"] = merged["files"]
    with open(os.path.join(b, "logs", "clang.log"), errors="replace") as f:
        res["clang_error_lines"] = sum(1 for line in f if "error:" in line)
    r = lambda a, c, k: round(times[a][k] / times[c][k], 3) if times[c][k] else None  # noqa: E731
    res["ratios"] = {k: {"cold": r("cc-cold", "gcc-full", k), "warm": r("cc-warm", "gcc-full", k),
                         "changed": r("cc-changed", "gcc-changed", k),
                         "merge_cold_vs_clang": r("merge-cold", "clang", k),
                         "whole_vs_clang": r("whole", "clang", k)} for k in ("wall", "cpu")}
    res["ratios"]["merge_rss_vs_clang"] = r("merge-cold", "clang", "maxrss_kb")
    return res


def check(path):
    res = json.load(open(path))
    ok = True
    for m, c in res["merges"].items():
        print("wrapper-scale: %s: merge after the %s build: %d of %d findings of the whole scan equal (%d merged)%s"
              % (res["name"], m, c["matched"], c["whole"], c["merged"], "" if c["equal"] else ": DIFFERENT"))
        if not c["equal"]:
            ok = False
            for f in c["only_whole"]:
                print("  only in the whole scan: %s %s:%s %s" % (f["rule"], f["file"], f["line"], f["message"]))
            for f in c["only_merged"]:
                print("  only in the merge: %s %s:%s %s" % (f["rule"], f["file"], f["line"], f["message"]))
    if res["units"] != res["db_distinct"]:
        print("wrapper-scale: %s: %d unit files, %d distinct compiles of C files in the database" % (
            res["name"], res["units"], res["db_distinct"]))
    return ok


def load(t):
    return "%.1f→%.1f" % (t["load_before"][0], t["load_after"][0])


def markdown(doc):
    h = doc["host"]
    out = ["# allocscan-cc and allocscan merge on real builds", "",
           "Written by `%s` on %s (%s, %d CPUs, %s), %s, builds, merges and scans at -j%d, each command "
           "under `nice` on a machine shared with other work: CPU (user+sys of the command and every process it "
           "waited for) is the steadier measure; the load average (1 min) before and after each step is beside "
           "it. The wrapper's builds ran with `ALLOCSCAN_OUT` set; the plain gcc build of the same tree is the "
           "reference, measured in the same run. Warm: objects cleaned and built again, the same cache and unit "
           "folder (the wrapper does not read the cache: it parses every unit it compiles). Changed: a comment "
           "appended to one file, the build rebuilds what depends on it."
           % (doc["command"], doc["created"][:10], h["cpu_model"], h["cpus"], h["mem_total"], doc["version"],
              doc["jobs"]), ""]
    for r in doc["bases"]:
        t = r["times"]
        out += ["## %s (%s, %s)" % (r["name"], r["source"], "make, `CC=\"allocscan-cc gcc\"`" if r["kind"] == "make"
                                   else "CMake, `-DCMAKE_C_COMPILER_LAUNCHER=allocscan-cc`"), "",
                "%d compiles of C files in the compile database (`%s`, %s), %d of them distinct (file, folder and "
                "flags; the others compile the same file with the same flags into another target), %d unit files. "
                "Pack: `%s`. Changed file: `%s`. The whole scan: %d findings over %d files "
                "(the merges: %s files)." % (
                    r["db_c_entries"], r["database"], "bear over the gcc build" if r["kind"] == "make"
                    else "CMake's export", r["db_distinct"], r["units"], r["pack"], r["changed_file"],
                    r["findings"], r["files"], ", ".join(str(r["merges"][m]["files"]) for m in MERGES)), "",
                "| build | gcc wall / cpu (s) | allocscan-cc wall / cpu (s) | ratio wall | ratio cpu | "
                "load (gcc; allocscan-cc) |",
                "|---|---|---|---|---|---|"]
        for label, cc, gcc in (("cold", "cc-cold", "gcc-full"), ("warm", "cc-warm", "gcc-full"),
                               ("one file changed", "cc-changed", "gcc-changed")):
            out.append("| %s | %.2f / %.2f | %.2f / %.2f | %.2f | %.2f | %s; %s |" % (
                label, t[gcc]["wall"], t[gcc]["cpu"], t[cc]["wall"], t[cc]["cpu"], t[cc]["wall"] / t[gcc]["wall"],
                t[cc]["cpu"] / t[gcc]["cpu"], load(t[gcc]), load(t[cc])))
        out += ["", "| command | wall (s) | cpu (s) | peak RSS (MiB) | load | findings equal to the whole scan |",
                "|---|---|---|---|---|---|"]
        for m in MERGES:
            s, c = t["merge-" + m], r["merges"][m]
            out.append("| `allocscan merge` after the %s build | %.2f | %.2f | %.1f | %s | %d of %d%s |" % (
                m, s["wall"], s["cpu"], s["maxrss_kb"] / 1024, load(s), c["matched"], c["whole"],
                "" if c["equal"] else " (DIFFERENT)"))
        s = t["clang"]
        out.append("| `clang -fsyntax-only`, each unit (peak: the largest clang) | %.2f | %.2f | %.1f | %s | |" % (
            s["wall"], s["cpu"], s["maxrss_kb"] / 1024, load(s)))
        s = t["whole"]
        out.append("| `allocscan -p` (whole scan, empty cache) | %.2f | %.2f | %.1f | %s | |" % (
            s["wall"], s["cpu"], s["maxrss_kb"] / 1024, load(s)))
        out += ["", "Merge after the cold build against clang -fsyntax-only over the same units: %.2f× the CPU, "
                "%.2f× the peak RSS." % (r["ratios"]["cpu"]["merge_cold_vs_clang"],
                                         r["ratios"]["merge_rss_vs_clang"]), ""]
    out += ["Every figure, with the units' counts and the status of each command: "
            "[wrapper-scale.json](wrapper-scale.json).", ""]
    return "\n".join(out)


def report(repo, allocscan, command, paths):
    sys.path.insert(0, os.path.join(repo, "bench", "harness"))
    import results  # bench/harness/results.py: host(), write()
    doc = {"schema": "allocscan-wrapper-scale/1",
           "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "command": command, "jobs": int(os.environ.get("JOBS", "2")),
           "version": subprocess.run([allocscan, "--version"], capture_output=True, text=True).stdout.strip(),
           "host": results.host(None), "loadavg_at_report": open("/proc/loadavg").read().split()[:3],
           "bases": [json.load(open(p)) for p in paths]}
    results.write(os.path.join(repo, "docs", "results", "wrapper-scale.json"), doc)
    md = markdown(doc)
    with open(os.path.join(repo, "docs", "results", "wrapper-scale.md"), "w") as f:
        f.write(md)
    print(md)


def main():
    cmd = sys.argv[1]
    if cmd == "base":
        json.dump(base(*sys.argv[2:8]), sys.stdout, indent=1)
    elif cmd == "check":
        sys.exit(0 if check(sys.argv[2]) else 1)
    elif cmd == "report":
        report(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
