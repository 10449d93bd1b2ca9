#!/usr/bin/python3
"""Runs bench/ruby's frag, frag2 and duparray on five configurations and
writes one table (markdown + JSON) into the work folder; the rewritten Ruby's
ASRT_STATS per-site records are kept next to it."""
import argparse, glob, json, os, platform, subprocess, time

p = argparse.ArgumentParser()
for a in ("--work", "--libasrt", "--rw-build", "--rw-src", "--workloads"):
    p.add_argument(a, required=True)
o = p.parse_args()
jem = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"
arch = f"{platform.machine()}-linux"
rw_ruby = [os.path.join(o.rw_build, "ruby"), "-I" + os.path.join(o.rw_src, "lib"),
           "-I" + os.path.join(o.rw_build, ".ext/common"),
           "-I" + os.path.join(o.rw_build, ".ext", arch), "-I" + o.rw_build]
configs = [("debian-glibc", ["/usr/bin/ruby"], {}),
           ("debian-arena2", ["/usr/bin/ruby"], {"MALLOC_ARENA_MAX": "2"}),
           ("debian-jemalloc", ["/usr/bin/ruby"], {"LD_PRELOAD": jem}),
           ("debian-libasrt", ["/usr/bin/ruby"], {"LD_PRELOAD": o.libasrt}),
           ("rewritten-libasrt", rw_ruby, {})]
rows = []
for w in ("frag", "frag2", "duparray"):
    for name, cmd, env in configs:
        if env.get("LD_PRELOAD") and not os.path.exists(env["LD_PRELOAD"]):
            rows.append({"workload": w, "config": name, "skipped": "library missing"})
            continue
        e = dict(os.environ, **env)
        stats = None
        if name == "rewritten-libasrt":
            stats = os.path.join(o.work, f"asrt-stats-{w}.json")
            e["ASRT_STATS"] = stats
        t0 = time.monotonic()
        r = subprocess.run(cmd + [os.path.join(o.workloads, w + ".rb")], env=e,
                           capture_output=True, text=True)
        wall = time.monotonic() - t0
        res = [l for l in r.stdout.splitlines() if l.startswith("RESULT ")]
        if r.returncode or not res:
            rows.append({"workload": w, "config": name, "failed": r.stderr[-300:]})
            continue
        f = dict(kv.split("=", 1) for kv in res[-1].split()[1:])
        row = {"workload": w, "config": name, "vmrss_mb": int(f["vmrss_kb"]) / 1024,
               "vmhwm_mb": int(f["vmhwm_kb"]) / 1024, "wall_s": wall}
        if stats and os.path.exists(stats):
            sites = json.load(open(stats)).get("sites", [])
            row["sites_fired"] = [s for s in sites if any(v for k, v in s.items()
                                                           if k not in ("site", "kind") and isinstance(v, (int, float)))]
        rows.append(row)
        print(f"{w:9} {name:18} rss {row['vmrss_mb']:8.1f} MB  peak {row['vmhwm_mb']:8.1f} MB  wall {wall:7.2f} s", flush=True)
json.dump(rows, open(os.path.join(o.work, "e2e-table.json"), "w"), indent=1)
with open(os.path.join(o.work, "e2e-table.md"), "w") as md:
    md.write("| workload | configuration | final VmRSS MB | peak RSS MB | wall s |\n|---|---|---:|---:|---:|\n")
    for r in rows:
        if "vmrss_mb" in r:
            md.write(f"| {r['workload']} | {r['config']} | {r['vmrss_mb']:.1f} | {r['vmhwm_mb']:.1f} | {r['wall_s']:.2f} |\n")
        else:
            md.write(f"| {r['workload']} | {r['config']} | {r.get('skipped') or 'failed'} | | |\n")
print(open(os.path.join(o.work, "e2e-table.md")).read())
