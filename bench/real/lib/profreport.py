"""The measured ranking of Ruby's findings, for bench/real/profile.

  profreport.py pick --ranked RANKED.json --runs RUNS.json --profiles DIR --list LIST -n N
      the lines of LIST (workloads) to time on the rewritten build: those
      whose own profile has the highest measured cost at rewritten sites
      (at most N, only those with a cost), on standard output
  profreport.py report --work DIR ... --md OUT.md --json OUT.json --svg OUT.svg
      docs/results/ruby-profile.{md,json,svg}; exit status 1 when the
      instrumented or the rewritten build fails a make test the stock build
      passes, or a timed workload fails on one build only

A site is rewritten when allocscan gives it a fix class (memdup, share,
grow) with edits, as in rwcompare.py. A measured cost is allocscan's (its
"measured" member: bytes copied, moved and duplicated plus one per call);
for one workload's own profile it is the same sum over the profile's
counters. Profile sites and findings are joined as allocscan joins them: the
same line, rule and hash, and file paths equal or one ending with "/" and
the other.
"""
import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "harness"))
import results  # noqa: E402  (bench/harness/results.py: host(), write(), first_line())
sys.path.insert(0, HERE)
import profchart  # noqa: E402
import rubytests  # noqa: E402
import rubyrun  # noqa: E402

FIXES = ("memdup", "share", "grow")
TOP = 20


def rewritten(f):
    return f["fix"] in FIXES and bool(f.get("edits"))


def split_id(site):
    """FILE:LINE:RULE#HASH -> (FILE, 'LINE:RULE#HASH')."""
    head, line, rest = site.rsplit(":", 2)
    return head, line + ":" + rest


def same_site(a, b):
    (fa, ka), (fb, kb) = split_id(a), split_id(b)
    return ka == kb and (fa == fb or fa.endswith("/" + fb) or fb.endswith("/" + fa))


def profile_cost(s):
    return sum(s.get(k, 0) for k in ("bytes_copied", "bytes_moved", "bytes_dup", "allocs", "copies", "reallocs",
                                     "dups"))


def sites(path):
    """The findings of allocscan's JSON report, one per site id (a header's
    site seen from several units is one site)."""
    out = {}
    for f in json.load(open(path))["findings"]:
        out.setdefault(f.get("site_id") or "%s:%d:%s" % (f["file"], f["line"], f["rule"]), f)
    return list(out.values())


def workload_costs(findings, profile_path):
    """{site id of a finding: cost} of one workload's profile."""
    out = {}
    if not profile_path or not os.path.exists(profile_path):
        return out
    for s in json.load(open(profile_path))["sites"]:
        for f in findings:
            if f.get("site_id") and same_site(s["site"], f["site_id"]):
                out[f["site_id"]] = out.get(f["site_id"], 0) + profile_cost(s)
    return out


def pick(o):
    findings = sites(o.ranked)
    rw = {f["site_id"] for f in findings if rewritten(f) and f.get("site_id")}
    scored = []
    for r in json.load(open(o.runs))["runs"]:
        if r["status"] != 0 and not r["capped"]:
            continue
        costs = workload_costs(findings, r["profile"] and os.path.join(o.profiles, r["profile"]))
        c = sum(v for k, v in costs.items() if k in rw)
        if c > 0:
            scored.append((-c, r["group"], r["name"]))
    chosen = {(g, n) for _, g, n in sorted(scored)[:o.n]}
    for w in rubyrun.workloads(o.list):
        if (w["group"], w["name"]) in chosen:
            print("\t".join((w["name"], w["group"], w["script"], " ".join(w["args"]))))


def spread(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs), "n": len(xs)}


def pct(a, b):
    return (b - a) / a * 100.0 if a else 0.0


def overhead(work):
    rows = []
    for line in open(os.path.join(work, "overhead", "times.tsv")):
        r, k1, w1, c1, rc1, k2, w2, c2, rc2 = line.rstrip("\n").split("\t")
        assert (k1, k2) == ("stock", "instr")
        rows.append({"round": int(r), "stock_s": float(w1), "stock_cpu_s": float(c1), "stock_exit": int(rc1),
                     "instr_s": float(w2), "instr_cpu_s": float(c2), "instr_exit": int(rc2)})
    for r in rows:
        r["overhead_pct"] = round(pct(r["stock_s"], r["instr_s"]), 2)
        r["cpu_overhead_pct"] = round(pct(r["stock_cpu_s"], r["instr_cpu_s"]), 2)
    tests = {}
    for kind in ("stock", "instr"):
        fails = set()
        for r in rows:
            fails |= set(rubytests.parse(os.path.join(work, "overhead", "%s-%d.log" % (kind, r["round"])))[0])
        tests[kind] = sorted(fails)
    out = {"rounds": rows, "failures": tests}
    for k in ("stock_s", "instr_s", "overhead_pct", "stock_cpu_s", "instr_cpu_s", "cpu_overhead_pct"):
        out[k] = spread([r[k] for r in rows])
    return out


def last_line(path, word=""):
    """The last line of allocscan's stderr that has word in it."""
    try:
        lines = [x for x in open(path, errors="replace").read().splitlines() if word in x and x.strip()]
    except OSError:
        return ""
    return lines[-1].replace("allocscan: ", "") if lines else ""


def make_log(path):
    if not os.path.exists(path):
        return None
    fails, summary = rubytests.parse(path)
    return {"log": os.path.basename(path), "exit": summary.get("exit"), "summary": summary, "failures": sorted(fails)}


def shown_run(r, src):
    """A workload run with its script named from Ruby's tree or this
    repository, not by this machine's path."""
    r = dict(r)
    for root in (src, os.path.dirname(os.path.dirname(os.path.dirname(HERE)))):
        if r.get("script", "").startswith(root + os.sep):
            r["script"] = os.path.relpath(r["script"], os.path.dirname(root) if root == src else root)
            return r
    if os.path.isabs(r.get("script", "")):
        r["script"] = os.path.basename(r["script"])  # another checkout's
    return r


def row(f, src, static_rank, cost_rank):
    m = f.get("measured") or {}
    calls = sum(m.get(k, 0) for k in ("allocs", "copies", "reallocs", "dups"))
    nbytes = sum(m.get(k, 0) for k in ("bytes_copied", "bytes_moved", "bytes_dup"))
    path = os.path.relpath(f["file"], src) if f["file"].startswith(src + os.sep) else f["file"]
    return {"site": "%s:%d" % (path, f["line"]), "site_id": f.get("site_id"), "function": f.get("function"),
            "rule": f["rule"], "fix": f["fix"], "rewritten": rewritten(f), "value": f.get("value", 0),
            "reached": bool(m.get("reached")), "cost": m.get("cost", 0), "calls": calls, "bytes": nbytes,
            "bytes_alloc": m.get("bytes_alloc", 0), "largest": m.get("largest", 0),
            "static_rank": static_rank, "cost_rank": cost_rank, "reason": f.get("reason") or ""}


def ranking(path, src):
    fs = sites(path)
    by_value = sorted(fs, key=lambda f: (-f.get("value", 0), f["file"], f["line"]))
    by_cost = sorted(fs, key=lambda f: (-(f.get("measured") or {}).get("cost", 0), -f.get("value", 0),
                                        f["file"], f["line"]))
    srank = {id(f): i + 1 for i, f in enumerate(by_value)}
    crank = {id(f): i + 1 for i, f in enumerate(by_cost)}
    return [row(f, src, srank[id(f)], crank[id(f)]) for f in by_value]


def gains(work, findings):
    doc = json.load(open(os.path.join(work, "compare.json")))
    runs_doc = json.load(open(os.path.join(work, "wl", "runs.json")))
    rw = {f["site_id"] for f in findings if rewritten(f) and f.get("site_id")}
    out = []
    for w in doc["workloads"]:
        rs = {b: [r for r in doc["runs"] if r["name"] == w["name"] and r["build"] == b] for b in ("stock", "rewritten")}
        prof = next((r["profile"] for r in runs_doc["runs"] if r["name"] == w["name"] and r["group"] == w["group"]),
                    None)
        costs = workload_costs(findings, prof and os.path.join(work, "wl", "profiles", prof))
        total = sum(costs.values())
        at_rw = sum(v for k, v in costs.items() if k in rw)
        g = {"name": w["name"], "group": w["group"], "args": w["args"], "cost_rewritten": at_rw, "cost_all": total,
             "sites": sorted(k for k, v in costs.items() if k in rw and v > 0),
             "exits": {b: sorted({r["status"] for r in rs[b]}) for b in rs}}
        for b in rs:
            g[b] = {k: spread([r[k] for r in rs[b]]) for k in ("wall_s", "cpu_s", "maxrss_kb")}
        g["wall_pct"] = round(pct(g["stock"]["wall_s"]["median"], g["rewritten"]["wall_s"]["median"]), 2)
        g["cpu_pct"] = round(pct(g["stock"]["cpu_s"]["median"], g["rewritten"]["cpu_s"]["median"]), 2)
        g["maxrss_pct"] = round(pct(g["stock"]["maxrss_kb"]["median"], g["rewritten"]["maxrss_kb"]["median"]), 2)
        out.append(g)
    return out


def git(*args):
    return subprocess.run(["git", "-C", HERE] + list(args), text=True, capture_output=True).stdout.strip()


def report(o):
    src = os.path.normpath(o.src)
    ranked = os.path.join(o.work, "ranked.json")
    findings = sites(ranked)
    rows = ranking(ranked, src)
    mt = {r["site_id"]: r for r in ranking(os.path.join(o.work, "ranked-make-test.json"), src)}
    for r in rows:
        x = mt.get(r["site_id"])
        r["make_test_cost"] = x["cost"] if x else 0
        r["make_test_calls"] = x["calls"] if x else 0
    runs = json.load(open(os.path.join(o.work, "wl", "runs.json")))
    ov = overhead(o.work)
    h = results.host(os.path.join(o.stock, "ruby"))
    h["nproc"] = len(os.sched_getaffinity(0))
    h["load_start"], h["load_end"] = o.load_start, o.load_end
    doc = {"schema": "allocscan-ruby-profile/1",
           "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "command": o.command.strip(), "host": h,
           "allocscan": {"binary": os.path.basename(o.scan), "version": results.first_line([o.scan, "--version"]),
                         "commit": git("rev-parse", "--short", "HEAD"),
                         "clean": git("status", "--porcelain", "--", ":/analyzer", ":/instrument", ":/runtime",
                                      ":/rules", ":/bench/real") == ""},
             # Names, not this machine's paths: the docs are read elsewhere.
             "ruby_source": os.path.basename(src), "cap_s": o.cap,
             "instrumented": last_line(os.path.join(o.work, "instr.diff.stderr")),
             "rewritten": last_line(os.path.join(o.work, "rw.diff.stderr")),
             "profile_join": last_line(os.path.join(o.work, "ranked.json.stderr"), "profile:"),
             "make_test_join": last_line(os.path.join(o.work, "ranked-make-test.stderr"), "profile:"),
             "overhead": ov, "workloads": [shown_run(r, src) for r in runs["runs"]], "sites": rows,
             "gains": gains(o.work, findings),
             "rewritten_tests": {"make-test": make_log(os.path.join(o.rw, "make-test.log")),
                                 "test-all": make_log(os.path.join(o.rw, "test-all.log")) if o.test_all == "1" else None,
                                 "test_all_run": o.test_all == "1"}}
    problems = []
    stock_ok = all(r["stock_exit"] == 0 for r in ov["rounds"])
    if not all(r["instr_exit"] == 0 for r in ov["rounds"]):
        problems.append("the instrumented build fails make test (exits %s)%s"
                        % (", ".join(str(r["instr_exit"]) for r in ov["rounds"]),
                           "" if stock_ok else "; so does the stock build"))
    t = doc["rewritten_tests"]
    for name in ("make-test", "test-all"):
        if t[name] is not None and t[name]["exit"] != 0:
            problems.append("the rewritten build fails make %s (exit %s): %s"
                            % (name.replace("make-", ""), t[name]["exit"], ", ".join(t[name]["failures"][:10])))
    for g in doc["gains"]:
        if g["exits"]["stock"] != g["exits"]["rewritten"]:
            problems.append("%s exits %s on stock and %s on the rewritten build"
                            % (g["name"], g["exits"]["stock"], g["exits"]["rewritten"]))
    for r in runs["runs"]:
        if not r["profile"]:
            problems.append("%s/%s wrote no profile (exit %s%s)" % (r["group"], r["name"], r["status"],
                                                                    ", killed" if r["killed"] else ""))
    doc["problems"] = problems
    results.write(o.json, doc)
    profchart.write(o.svg, rows, "Ruby 3.1: measured cost and static value of allocscan's findings",
                    "%d workloads under the instrumented build (%s)" % (len(runs["runs"]), doc["created"][:10]))
    write_md(o.md, doc, os.path.basename(o.json), os.path.basename(o.svg))
    print("overhead of the probes on make test: CPU median %+.1f%% (%+.1f%% .. %+.1f%%), wall %+.1f%% "
          "(%+.1f%% .. %+.1f%%), %d rounds"
          % (ov["cpu_overhead_pct"]["median"], ov["cpu_overhead_pct"]["min"], ov["cpu_overhead_pct"]["max"],
             ov["overhead_pct"]["median"], ov["overhead_pct"]["min"], ov["overhead_pct"]["max"], len(ov["rounds"])))
    for r in sorted(rows, key=lambda r: r["cost_rank"])[:5]:
        print("measured #%d: %s %s (%s) cost %d, static #%d" % (r["cost_rank"], r["site"], r["rule"], r["fix"],
                                                               r["cost"], r["static_rank"]))
    for g in doc["gains"]:
        print("gain %s: wall %+.1f%%, CPU %+.1f%%, peak RSS %+.1f%%" % (g["name"], g["wall_pct"], g["cpu_pct"],
                                                                    g["maxrss_pct"]))
    for p in problems:
        print("PROBLEM: " + p)
    sys.exit(1 if any("fails make" in p or "exits" in p for p in problems) else 0)


def human(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return ("%d %s" % (n, unit)) if unit == "B" else ("%.1f %s" % (n, unit))
        n /= 1024.0


def fmt_spread(s, unit="s", scale=1.0):
    return "%.2f %s (%.2f–%.2f)" % (s["median"] * scale, unit, s["min"] * scale, s["max"] * scale)


def write_md(path, doc, json_name, svg_name):
    L = []
    w = L.append
    h = doc["host"]
    w("# Ruby 3.1: the measured ranking of allocscan's findings")
    w("")
    w("Written by `%s` on %s; the data is in [%s](%s)." % (doc["command"], doc["created"], json_name, json_name))
    w("Machine: %s; nproc %s (%s CPUs, %s), %s; load average %s at the start, %s at the end; %s; %s."
      % (h["uname"], h["nproc"], h["cpus"], h["cpu_model"], h["mem_total"], h["load_start"], h["load_end"],
         h["cc"], h["ruby"]))
    a = doc["allocscan"]
    w("allocscan %s (commit %s%s). Ruby source: Debian's `%s`."
      % (a["version"], a["commit"], "" if a["clean"] else ", with uncommitted changes", doc["ruby_source"]))
    w("")
    w("- instrumented copy (`--instrument`): %s" % doc["instrumented"])
    w("- rewritten copy (`--rewrite`): %s" % doc["rewritten"])
    w("- both built out of tree linked with `-lasrt_core`; the stock build is Ruby's own configure and make.")
    w("- the profile of the workloads joined to the findings: %s" % doc["profile_join"])
    w("")
    ov = doc["overhead"]
    w("## What the probes cost: `make test`, stock and instrumented, interleaved")
    w("")
    w("| round | stock wall | instrumented wall | overhead | stock CPU | instrumented CPU | CPU overhead "
      "| exits (stock, instr) |")
    w("|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in ov["rounds"]:
        w("| %d | %.2f s | %.2f s | %+.1f%% | %.2f s | %.2f s | %+.1f%% | %d, %d |" % (
            r["round"], r["stock_s"], r["instr_s"], r["overhead_pct"], r["stock_cpu_s"], r["instr_cpu_s"],
            r["cpu_overhead_pct"], r["stock_exit"], r["instr_exit"]))
    w("")
    w("Median overhead in CPU time (user + system of `make test` and every process it waited for) "
      "**%+.1f%%** (spread %+.1f%% to %+.1f%% over %d rounds); in wall time %+.1f%% (%+.1f%% to %+.1f%%). "
      "The machine is shared (see the load average above): wall time moves with the other sessions' load, CPU "
      "time much less. Stock %s CPU, instrumented %s. Failures: stock %s, instrumented %s. The instrumented "
      "runs' profile (`ASRT_PROFILE` without `%%p`: every process of a run adds to one file) joined to the "
      "findings: %s."
      % (ov["cpu_overhead_pct"]["median"], ov["cpu_overhead_pct"]["min"], ov["cpu_overhead_pct"]["max"],
         len(ov["rounds"]), ov["overhead_pct"]["median"], ov["overhead_pct"]["min"], ov["overhead_pct"]["max"],
         fmt_spread(ov["stock_cpu_s"]), fmt_spread(ov["instr_cpu_s"]),
         ", ".join(ov["failures"]["stock"]) or "none", ", ".join(ov["failures"]["instr"]) or "none",
         doc["make_test_join"]))
    w("")
    runs = doc["workloads"]
    by_group = {}
    for r in runs:
        by_group.setdefault(r["group"], []).append(r)
    w("## Workloads profiled")
    w("")
    w("Each under the instrumented Ruby with a profile of its own (merged with `allocscan profile-merge`). "
      "Ruby's `benchmark/*.rb` run under a cap of %s s each (SIGINT, so that Ruby exits normally and the "
      "profile is written); the `benchmark/*.yml` files (benchmark-driver's format) are not run. "
      "`targeted` are `bench/real/ruby-workloads/*.rb`, aimed at the top static sites; `bench-ruby` are "
      "`bench/ruby/*.rb` at a small size." % doc["cap_s"])
    w("")
    w("| group | scripts | finished (exit 0) | capped | failed | no profile | wall in all |")
    w("|---|---:|---:|---:|---:|---:|---:|")
    for g, rs in by_group.items():
        w("| %s | %d | %d | %d | %d | %d | %.0f s |" % (
            g, len(rs), sum(1 for r in rs if r["status"] == 0 and not r["capped"]), sum(1 for r in rs if r["capped"]),
            sum(1 for r in rs if r["status"] != 0 and not r["capped"]), sum(1 for r in rs if not r["profile"]),
            sum(r["wall_s"] for r in rs)))
    w("")
    capped = [r["name"] for r in runs if r["capped"]]
    failed = ["%s (exit %s)" % (r["name"], r["status"]) for r in runs if r["status"] != 0 and not r["capped"]]
    if capped:
        w("Capped: %s." % ", ".join("`%s`" % c for c in capped))
        w("")
    if failed:
        w("Failed: %s." % ", ".join("`%s`" % c for c in failed))
        w("")
    rows = doc["sites"]
    cols = ("#", "site", "function", "rule", "fix", "value", "measured cost", "calls", "bytes", "make test calls")

    def table(title, rs, rank_other, other):
        w("## " + title)
        w("")
        w("| " + " | ".join(cols + (other,)) + " |")
        w("|" + "---|" * (len(cols) + 1))
        for i, r in enumerate(rs, 1):
            w("| %d | `%s` | %s | %s | %s%s | %d | %s | %d | %s | %d | %d |" % (
                i, r["site"], r["function"], r["rule"], r["fix"], " (rewritten)" if r["rewritten"] else "",
                r["value"], "%d" % r["cost"] if r["reached"] else "never reached", r["calls"], human(r["bytes"]),
                r["make_test_calls"], r[rank_other]))
        w("")

    by_value = sorted(rows, key=lambda r: r["static_rank"])[:TOP]
    by_cost = sorted(rows, key=lambda r: r["cost_rank"])[:TOP]
    table("Top %d by static value" % TOP, by_value, "cost_rank", "rank by cost")
    table("Top %d by measured cost" % TOP, by_cost, "static_rank", "rank by value")
    never = [r for r in by_value if not r["reached"]]
    reached = [r for r in rows if r["reached"]]
    w("Of the top %d by static value, %d were never reached by these workloads (%s). "
      "%d of the %d findings were reached. \"bytes\" is bytes copied, moved by a reallocation and duplicated; "
      "\"calls\" the calls counted at the site; the measured cost is their sum, as `allocscan --profile` ranks."
      % (len(by_value), len(never), ", ".join("`%s`" % r["site"] for r in never) or "none", len(reached), len(rows)))
    w("")
    w("![measured cost against static value](%s)" % svg_name)
    w("")
    w("## The rewritten build on the workloads that reach rewritten sites")
    w("")
    total = sum(r["cost"] for r in rows)
    at_rw = sum(r["cost"] for r in rows if r["rewritten"])
    w("The rewrite changes %d sites; they carry %s of the measured cost of all findings (%d of %d)."
      % (sum(1 for r in rows if r["rewritten"]), "%.1f%%" % (100.0 * at_rw / total) if total else "none",
         at_rw, total))
    w("")
    kinds = {}
    for r in rows:
        if r["rewritten"]:
            kinds.setdefault(r["fix"], []).append(r)
    w("Rewritten per fix class: %s. A memdup site still allocates and copies the same bytes, in one call "
      "(`asrt_memdup`): it saves a call, not the copy; a grow site keeps a geometric capacity and saves the "
      "reallocations that would have moved the block."
      % ", ".join("%s %d (measured cost %d)" % (k, len(v), sum(x["cost"] for x in v)) for k, v in sorted(kinds.items())))
    w("")
    hot_manual = [r for r in by_cost[:10] if r["reached"] and not r["rewritten"]]
    if hot_manual:
        w("The hottest sites the analysis does not prove fixable (of the top 10 by measured cost), with its reason:")
        w("")
        for r in hot_manual:
            w("- `%s` %s (%s, cost %d): %s" % (r["site"], r["function"], r["rule"], r["cost"],
                                              r["reason"].replace("|", "\\|") or "no reason given"))
        w("")
    gs = doc["gains"]
    if gs:
        w("Interleaved rounds (stock, rewritten, stock, ...); median and (min–max) of wall time, CPU time (user + "
          "system) and peak RSS (the child's rusage, `os.wait4`).")
        w("")
        w("| workload | cost at rewritten sites | stock wall | rewritten wall | wall | stock CPU | rewritten CPU "
          "| CPU | CPU ranges overlap | stock peak RSS | rewritten peak RSS | peak RSS |")
        w("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|")
        for g in gs:
            w("| %s/%s%s | %d of %d | %s | %s | %+.1f%% | %s | %s | %+.1f%% | %s | %s | %s | %+.1f%% |" % (
                g["group"], g["name"], "".join(" " + a for a in g["args"]), g["cost_rewritten"], g["cost_all"],
                fmt_spread(g["stock"]["wall_s"]), fmt_spread(g["rewritten"]["wall_s"]), g["wall_pct"],
                fmt_spread(g["stock"]["cpu_s"]), fmt_spread(g["rewritten"]["cpu_s"]), g["cpu_pct"],
                "yes" if overlap(g["stock"]["cpu_s"], g["rewritten"]["cpu_s"]) else "no",
                fmt_spread(g["stock"]["maxrss_kb"], "MiB", 1 / 1024.0),
                fmt_spread(g["rewritten"]["maxrss_kb"], "MiB", 1 / 1024.0), g["maxrss_pct"]))
        w("")
        n = sum(1 for g in gs if overlap(g["stock"]["cpu_s"], g["rewritten"]["cpu_s"]))
        w("In %d of the %d workloads the stock and rewritten CPU-time ranges overlap: for those no difference is "
          "measurable with %d rounds on this machine." % (n, len(gs), gs[0]["stock"]["cpu_s"]["n"]))
        w("")
    else:
        w("No workload reached a rewritten site: nothing was timed.")
        w("")
    t = doc["rewritten_tests"]
    w("Tests of the rewritten build: make test %s; make test-all %s." % (
        describe(t["make-test"]), describe(t["test-all"]) if t["test_all_run"] else "not run (`--test-all`)"))
    w("")
    if doc["problems"]:
        w("## Problems")
        w("")
        for p in doc["problems"]:
            w("- " + p)
        w("")
    tmp = path + ".tmp%d" % os.getpid()
    with open(tmp, "w") as f:
        f.write("\n".join(L))
    os.replace(tmp, path)


def overlap(a, b):
    return a["min"] <= b["max"] and b["min"] <= a["max"]


def describe(t):
    if not t:
        return "not run"
    s = t["summary"]
    text = "exit %s" % t["exit"]
    if "tests" in s:
        text = "%d tests, %d failures, %d errors, %s" % (s["tests"], s["failures"], s["errors"], text)
    if t["failures"]:
        text += " (failing: %s)" % ", ".join(t["failures"][:10])
    return text


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pick")
    for a in ("ranked", "runs", "profiles", "list"):
        p.add_argument("--" + a, required=True)
    p.add_argument("-n", type=int, required=True)
    r = sub.add_parser("report")
    for a in ("work", "scan", "src", "stock", "instr", "rw", "test-all", "cap", "command", "load-start", "load-end",
              "md", "json", "svg"):
        r.add_argument("--" + a, required=True)
    o = ap.parse_args()
    pick(o) if o.cmd == "pick" else report(o)


if __name__ == "__main__":
    main()
