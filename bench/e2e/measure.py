#!/usr/bin/python3
"""Runs bench/ruby's frag, frag2 and duparray on the configurations of issue 7
(plus the unmodified source build, which separates what the build flags do
from what the rewrite does) and writes one table (markdown + JSON) into the
work folder. Each cell is the median of --reps runs, cells interleaved run by
run so that a noisy stretch of the machine hits every configuration alike.
The rewritten Ruby's ASRT_STATS per-site records come from one extra run per
workload, so that writing them costs none of the timed runs."""
import argparse, json, os, platform, statistics, subprocess, sys, time

p = argparse.ArgumentParser()
for a in ("--work", "--libasrt", "--rw-build", "--rw-src", "--workloads"):
    p.add_argument(a, required=True)
p.add_argument("--orig-build", help="the unmodified source build (optional row)")
p.add_argument("--orig-src", help="its source tree")
p.add_argument("--reps", type=int, default=3)
p.add_argument("--workload", action="append", help="only these (repeatable)")
o = p.parse_args()
jem = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"
arch = f"{platform.machine()}-linux"


def built_ruby(build, src):
    # A build tree's ruby finds its stdlib and extensions only through -I.
    return [os.path.join(build, "ruby"), "-I" + os.path.join(src, "lib"),
            "-I" + os.path.join(build, ".ext/common"),
            "-I" + os.path.join(build, ".ext", arch), "-I" + build]


configs = [("debian-glibc", ["/usr/bin/ruby"], {}),
           ("debian-arena2", ["/usr/bin/ruby"], {"MALLOC_ARENA_MAX": "2"}),
           ("debian-jemalloc", ["/usr/bin/ruby"], {"LD_PRELOAD": jem}),
           ("debian-libasrt", ["/usr/bin/ruby"], {"LD_PRELOAD": o.libasrt})]
if o.orig_build and os.path.exists(os.path.join(o.orig_build, "ruby")):
    configs += [("source-glibc", built_ruby(o.orig_build, o.orig_src), {}),
                ("source-libasrt", built_ruby(o.orig_build, o.orig_src), {"LD_PRELOAD": o.libasrt})]
configs.append(("rewritten-libasrt", built_ruby(o.rw_build, o.rw_src), {}))
workloads = o.workload or ["frag", "frag2", "duparray"]


def run(cmd, env, script):
    t0 = time.monotonic()
    r = subprocess.run(cmd + [script], env=dict(os.environ, **env), capture_output=True, text=True)
    wall = time.monotonic() - t0
    res = [l for l in r.stdout.splitlines() if l.startswith("RESULT ")]
    if r.returncode or not res:
        return {"failed": (r.stderr or r.stdout)[-300:]}
    f = dict(kv.split("=", 1) for kv in res[-1].split()[1:])
    return {"vmrss_mb": int(f["vmrss_kb"]) / 1024, "vmhwm_mb": int(f["vmhwm_kb"]) / 1024,
            "live_mb": int(f["live_bytes"]) / 2**20, "wall_s": wall}


rows = []
for w in workloads:
    script = os.path.join(o.workloads, w + ".rb")
    runs = {name: [] for name, _, _ in configs}
    for rep in range(o.reps):
        for name, cmd, env in configs:
            if env.get("LD_PRELOAD") and not os.path.exists(env["LD_PRELOAD"]):
                continue
            r = run(cmd, env, script)
            runs[name].append(r)
            if "failed" in r:
                print(f"{w:9} {name:18} run {rep + 1}: FAILED {r['failed']}", file=sys.stderr, flush=True)
            else:
                print(f"{w:9} {name:18} run {rep + 1}: rss {r['vmrss_mb']:8.1f} MB  peak {r['vmhwm_mb']:8.1f} MB"
                      f"  wall {r['wall_s']:6.2f} s", file=sys.stderr, flush=True)
    for name, _, env in configs:
        ok = [r for r in runs[name] if "failed" not in r]
        row = {"workload": w, "config": name, "runs": len(runs[name])}
        if not runs[name]:
            row["skipped"] = "library missing"
        elif len(ok) < len(runs[name]):
            row["failed"] = next(r["failed"] for r in runs[name] if "failed" in r)
        else:
            for k in ("vmrss_mb", "vmhwm_mb", "live_mb", "wall_s"):
                row[k] = statistics.median(r[k] for r in ok)
            row["wall_all_s"] = [round(r["wall_s"], 2) for r in ok]
            row["rss_per_live"] = row["vmrss_mb"] / row["live_mb"] if row["live_mb"] else None
        rows.append(row)
    stats = os.path.join(o.work, f"asrt-stats-{w}.json")
    rw = next(c for c in configs if c[0] == "rewritten-libasrt")
    if os.path.exists(stats):
        os.unlink(stats)
    run(rw[1], dict(rw[2], ASRT_STATS=stats), script)
    if os.path.exists(stats):
        sites = json.load(open(stats)).get("sites", [])
        next(r for r in rows if r["workload"] == w and r["config"] == rw[0])["sites_fired"] = [
            s for s in sites if any(v for k, v in s.items() if k not in ("site", "kind") and isinstance(v, (int, float)))]

json.dump(rows, open(os.path.join(o.work, "e2e-table.json"), "w"), indent=1)
with open(os.path.join(o.work, "e2e-table.md"), "w") as md:
    md.write(f"Medians of {o.reps} runs; wall = whole process; RSS/live = final VmRSS over the live bytes "
             "the workload reports.\n\n")
    md.write("| workload | configuration | final VmRSS MB | RSS/live | peak RSS MB | wall s | wall vs debian-glibc |\n"
             "|---|---|---:|---:|---:|---:|---:|\n")
    for r in rows:
        if "vmrss_mb" in r:
            base = next((b for b in rows if b["workload"] == r["workload"] and b["config"] == "debian-glibc"
                         and "wall_s" in b), None)
            ratio = f"{r['wall_s'] / base['wall_s']:.2f}x" if base else ""
            rl = f"{r['rss_per_live']:.2f}" if r.get("rss_per_live") else ""
            md.write(f"| {r['workload']} | {r['config']} | {r['vmrss_mb']:.1f} | {rl} | {r['vmhwm_mb']:.1f}"
                     f" | {r['wall_s']:.2f} | {ratio} |\n")
        else:
            md.write(f"| {r['workload']} | {r['config']} | {r.get('skipped') or 'failed'} | | | | |\n")
    fired = [(r["workload"], s) for r in rows for s in r.get("sites_fired", [])]
    if fired:
        md.write("\nRewritten sites that fired (ASRT_STATS of the rewritten Ruby, one extra run):\n\n"
                 "| workload | site | kind | calls | bytes copied | bytes shared | reallocs avoided |\n"
                 "|---|---|---|---:|---:|---:|---:|\n")
        for w, s in fired:
            md.write(f"| {w} | {s.get('site')} | {s.get('kind')} | {s.get('calls', 0)} | {s.get('bytes_copied', 0)}"
                     f" | {s.get('bytes_shared', 0)} | {s.get('reallocs_avoided', 0)} |\n")
print(open(os.path.join(o.work, "e2e-table.md")).read())
