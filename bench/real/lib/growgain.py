"""bench/real/grow-gain's report: CPU and wall time and peak RSS of stock
and grow-rewritten Ruby per workload, medians and spreads, into
docs/results/grow-gain.{md,json}."""
import datetime
import json
import re
import statistics
import sys

runs_tsv, summary, diff, outdir, argv, load_start, load_end, machine, counts_tsv = sys.argv[1:10]

runs = {}
for line in open(runs_tsv):
    r, name, kind, t = line.rstrip("\n").split("\t")
    wall, user, sys_, rss = t.split()
    runs.setdefault(name, {}).setdefault(kind, []).append(
        {"round": int(r), "wall_s": float(wall), "cpu_s": round(float(user) + float(sys_), 2), "rss_kb": int(rss)})

# The sites the rewrite fixed: each "+" line holding a grow call, with its site.
sites = re.findall(r'^\+.*asrt_grow\w*\(.*"([^"]+)"\)', open(diff).read(), re.M)


def stats(xs, key):
    v = [x[key] for x in xs]
    return {"median": statistics.median(v), "min": min(v), "max": max(v)}


res = {"command": argv,
       "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
       "machine": machine, "load_average": {"start": load_start, "end": load_end},
       "rewrite": open(summary).read().strip().splitlines()[-1].replace("allocscan: ", ""),
       "grow_sites": sites, "workloads": {}}
rows = []
for name, kinds in runs.items():
    s, w = kinds["stock"], kinds["rewritten"]
    cs, cw = stats(s, "cpu_s"), stats(w, "cpu_s")
    entry = {k: {"cpu_s": stats(v, "cpu_s"), "wall_s": stats(v, "wall_s"), "rss_kb": stats(v, "rss_kb"), "runs": v}
             for k, v in kinds.items()}
    entry["cpu_gain_pct"] = round(100 * (1 - cw["median"] / cs["median"]), 1)
    entry["rss_change_pct"] = round(100 * (stats(w, "rss_kb")["median"] / stats(s, "rss_kb")["median"] - 1), 1)
    entry["non_overlapping"] = cw["max"] < cs["min"] or cs["max"] < cw["min"]
    res["workloads"][name] = entry
    rows.append(f"| {name} | {cs['median']:.2f} s ({cs['min']:.2f}–{cs['max']:.2f}) | "
                f"{cw['median']:.2f} s ({cw['min']:.2f}–{cw['max']:.2f}) | {entry['cpu_gain_pct']:+.1f}% | "
                f"{'yes' if entry['non_overlapping'] else 'no'} | "
                f"{stats(s, 'wall_s')['median']:.2f} s / {stats(w, 'wall_s')['median']:.2f} s | "
                f"{stats(s, 'rss_kb')['median'] / 1024:.1f} / {stats(w, 'rss_kb')['median'] / 1024:.1f} MiB |")
# Reallocation counts of the untimed run: calls, moves, bytes the moves copied.
crow = []
for line in open(counts_tsv):
    name, kind, calls, moved, copied = line.rstrip("\n").split("\t")
    res["workloads"][name].setdefault("reallocs", {})[kind] = {
        "calls": int(calls), "moved": int(moved), "bytes_copied": int(copied)}
for name, entry in res["workloads"].items():
    c = entry.get("reallocs")
    if not c:
        continue
    s, w = c["stock"], c["rewritten"]
    saved = s["bytes_copied"] - w["bytes_copied"]
    entry["bytes_copied_saved"] = saved
    crow.append(f"| {name} | {s['calls']:,} / {w['calls']:,} | {s['moved']:,} / {w['moved']:,} | "
                f"{s['bytes_copied'] / 2**20:,.1f} / {w['bytes_copied'] / 2**20:,.1f} MiB | "
                f"{saved / 2**20:,.1f} MiB | {entry['stock']['cpu_s']['median']:.2f} s |")
json.dump(res, open(f"{outdir}/grow-gain.json", "w"), indent=1)
nrounds = max(len(k["stock"]) for k in runs.values())
md = f"""# Ruby 3.1: what the grow fixes alone gain

Written by `{argv}` on {res['date']}; the data is in [grow-gain.json](grow-gain.json).
Machine: {machine}; load average {load_start} at the start, {load_end} at the end.

The rewritten build is Ruby's source after `allocscan --rules ruby --fix grow
--rewrite` ({res['rewrite']}), built out of tree and linked with
`-lasrt_core`; the stock build is Ruby's own. Sites: {', '.join(f'`{x}`' for x in sites)}.
Each workload runs {nrounds} times on each build, the two builds alternating
which goes first; CPU is user + system time of the process, a gain is
`1 - rewritten / stock` of the medians, and the spreads (min–max) overlap
or not.

| workload | stock CPU (spread) | rewritten CPU (spread) | gain | spreads apart | wall, stock / rewritten | peak RSS, stock / rewritten |
|---|---:|---:|---:|---|---:|---:|
""" + "\n".join(rows) + """

What the fixes can save is copying: a reallocation that grows its block
in place copies nothing. One more run of each workload on each build, not
timed, counts the process's `realloc` calls, those that moved the block,
and the bytes the moves copied (stock / rewritten):

| workload | realloc calls | moved | bytes copied | copying saved | stock CPU (median) |
|---|---:|---:|---:|---:|---:|
""" + "\n".join(crow) + """

`weakmap` inserts 200,000 keys mapping to one value into an
`ObjectSpace::WeakMap`, twice: `gc.c`'s `wmap_aset_update` regrows the
value's key list by one slot per insert (`SIZED_REALLOC_N`), which the
rewrite makes geometric through `ruby_xrealloc`. `weakmap-many` inserts
400,000 keys spread in turn over 200 values, twice, so that the 200
lists grow interleaved, each between the others. `glob` runs `Dir.glob`
brace and recursive patterns over a temporary tree (`dir.c`'s
`join_path_from_pattern`). `regexp` compiles long literal regexps, which
Onigmo's parser builds by appending to a string node
(`regparse.c`'s `onig_node_str_cat`, regrown by `strcat_capa`, which the
rewrite makes geometric through `asrt_grow_at`). `regexp-long` compiles
one 100,000-character literal 500 times: `strcat_capa` regrows the
string node to its length plus a margin that the next character already
exceeds, one `realloc` per character on the stock build.
"""
open(f"{outdir}/grow-gain.md", "w").write(md)
