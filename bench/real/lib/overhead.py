"""bench/real/probe-overhead's report: perf's samples of `make test` per
object, stock against instrumented, into JSON and Markdown."""
import datetime
import json
import re
import statistics
import sys

d, rounds, out_json, out_md, load_start, load_end, machine, argv = sys.argv[1:9]
rounds = int(rounds)
LIB = "libasrt_core"
LOADER = "ld-linux"


def dso_seconds(path):
    """The run's total and each object's share of it, in CPU seconds."""
    total, per = 0.0, {}
    for line in open(path):
        m = re.match(r"# Event count \(approx\.\): (\d+)", line)
        if m:
            total = int(m.group(1)) / 1e9  # cpu-clock counts nanoseconds
            continue
        m = re.match(r"\s+([\d.]+)%\s+(\S+)", line)
        if m:
            per[m.group(2)] = float(m.group(1))
    return total, {k: v * total / 100 for k, v in per.items()}


def top_process(path):
    for line in open(path):
        m = re.match(r"\s+([\d.]+)%\s+\d+:", line)
        if m:
            return float(m.group(1))
    return 0.0


def share(objs, name):
    return sum(v for k, v in objs.items() if name in k)


runs = {"stock": [], "instr": []}
for r in range(1, rounds + 1):
    for kind in runs:
        total, objs = dso_seconds(f"{d}/{kind}-{r}.dso")
        wall, user, sys_ = (float(x) for x in open(f"{d}/{kind}-{r}.time").read().split()[-3:])
        runs[kind].append({
            "round": r,
            "exit": int(open(f"{d}/{kind}-{r}.rc").read()),
            "sampled_cpu_s": round(total, 2),
            "time_cpu_s": round(user + sys_, 2),
            "wall_s": wall,
            "probe_library_s": round(share(objs, LIB), 3),
            "loader_s": round(share(objs, LOADER), 3),
            "kernel_s": round(share(objs, "[kernel"), 2),
            "top_process_pct": top_process(f"{d}/{kind}-{r}.pid"),
        })
        x = runs[kind][-1]
        x["without_top_s"] = round(x["sampled_cpu_s"] * (1 - x["top_process_pct"] / 100), 2)


def med(kind, key):
    return statistics.median(x[key] for x in runs[kind])


def spread(kind, key):
    v = [x[key] for x in runs[kind]]
    return [min(v), max(v)]


stock_total = med("stock", "sampled_cpu_s")
lib = med("instr", "probe_library_s")
loader = med("instr", "loader_s") - med("stock", "loader_s")
# The kernel's work for the library (its pages, the profile's file) shows
# as kernel samples of the instrumented runs beyond the stock runs'.
kernel = med("instr", "kernel_s") - med("stock", "kernel_s")
cost = lib + max(loader, 0.0) + max(kernel, 0.0)
res = {
    "command": argv,
    "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    "machine": machine,
    "load_average": {"start": load_start, "end": load_end},
    "rounds": rounds,
    "runs": runs,
    "median": {k: {"sampled_cpu_s": med(k, "sampled_cpu_s"), "time_cpu_s": med(k, "time_cpu_s"),
                   "loader_s": med(k, "loader_s")} for k in runs},
    "probe_library_s": lib,
    "loader_extra_s": round(loader, 3),
    "kernel_extra_s": round(kernel, 3),
    "probe_cost_pct": round(100 * cost / stock_total, 2),
    "total_delta_pct": round(100 * (med("instr", "sampled_cpu_s") / stock_total - 1), 1),
    "time_delta_pct": round(100 * (med("instr", "time_cpu_s") / med("stock", "time_cpu_s") - 1), 1),
    "without_top_delta_pct": round(100 * (med("instr", "without_top_s") / med("stock", "without_top_s") - 1), 1),
}
json.dump(res, open(out_json, "w"), indent=1)

rows = []
for r in range(rounds):
    s, i = runs["stock"][r], runs["instr"][r]
    rows.append(f"| {r + 1} | {s['sampled_cpu_s']:.2f} s | {i['sampled_cpu_s']:.2f} s | {s['time_cpu_s']:.2f} s | "
                f"{i['time_cpu_s']:.2f} s | {i['probe_library_s']:.3f} s | {s['loader_s']:.2f} / {i['loader_s']:.2f} s | "
                f"{s['kernel_s']:.2f} / {i['kernel_s']:.2f} s | "
                f"{s['top_process_pct']:.1f}% / {i['top_process_pct']:.1f}% | {s['exit']}, {i['exit']} |")
md = f"""# What the probes cost Ruby 3.1's `make test`

Written by `{argv}` on {res['date']}; the data is in [probe-overhead.json](probe-overhead.json).
Machine: {machine}; load average {load_start} at the start, {load_end} at the end.

Each round runs `make test` on Ruby's own build (stock) and on the build
`allocscan --instrument` made, linked with libasrt_core (instrumented, writing
its profile), each under `perf record -F 499` (cpu-clock, every process of
the run). The probes' cost is what perf finds in the probe library itself
(the counting calls, the site table, the profile each process merges at
exit), plus what the dynamic loader and the kernel spend more on the
instrumented runs (loading the library, its pages, the profile's file).

**Probe cost: {res['probe_cost_pct']}% of the stock run's CPU** (medians over
{rounds} rounds: {lib:.3f} s in libasrt_core, {max(loader, 0):.3f} s more in the
loader, {max(kernel, 0):.3f} s more in the kernel, against {stock_total:.2f} s).

| round | stock CPU (perf) | instrumented CPU (perf) | stock CPU (time) | instrumented CPU (time) | in libasrt_core | loader, stock / instr | kernel, stock / instr | largest process, stock / instr | exits |
|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
""" + "\n".join(rows) + f"""

The totals differ by {res['total_delta_pct']:+}% (perf) and {res['time_delta_pct']:+}%
(user + system from /usr/bin/time, the way bench/real/profile measures) in
the medians; spreads: stock {spread('stock', 'sampled_cpu_s')} s, instrumented
{spread('instr', 'sampled_cpu_s')} s. On a shared machine one build's
total moves by more than the probes cost from run to run, and the largest
single process of a run (the "largest process" column, its share of the
run's samples) moves with it.
Without each run's largest process the medians differ by
{res['without_top_delta_pct']:+}% (stock {spread('stock', 'without_top_s')} s,
instrumented {spread('instr', 'without_top_s')} s).
"""
failed = [f"{k} round {x['round']} (exit {x['exit']})" for k in runs for x in runs[k] if x["exit"]]
if failed:
    md += ("\nA `make test` that failed: " + ", ".join(failed) +
           "; its log is `$ALLOCSCAN_WORK/probe-overhead/KIND-ROUND.log`.\n")
open(out_md, "w").write(md)
