"""Runs seed 003's program (bench/ruby/duparray.rb at the seed's shape) on
the stock, planted and rewritten Ruby builds and writes docs/results/seed-duparray.{md,json}, for
bench/real/seed-duparray.

  seedduparray.py --src SRC --build NAME=DIR... --libasrt SO --rounds N
                  --ranked RANKED.json --diff REWRITE.diff --command TEXT
                  --md MD --json JSON [--json-also FILE]
  seedduparray.py --src SRC --run-once DIR
      one run of the program on DIR's ruby (the instrumented build, with
      ASRT_PROFILE set by the caller), its figures on standard output

Each round runs the program once per build plainly (final RSS and
ObjectSpace.memsize_of_all(Array), from its RESULT line) and once
with libasrt preloaded and ASRT_STATS (blocks allocated: every malloc,
calloc and realloc that made a block; the peak of live bytes); the builds
alternate within a round. Figures are medians over the rounds, with their
range. RANKED.json is allocscan's --profile report of the planted tree
from the instrumented build's run: the planted site's rank by measured
cost. No path of this machine goes into the outputs.
"""
import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "harness"))
import profreport  # noqa: E402  (the ranking by measured cost)
import results  # noqa: E402  (atomic JSON, the machine)
import rubyrun  # noqa: E402  (a build's ruby with its load path)

# Seed 003's shape: literals of 4 and of 110 elements, 10,000 of each kept.
PROGRAM = {"script": os.path.join(HERE, "..", "..", "ruby", "duparray.rb"),
           "args": ["--calls=0", "--copies=10000", "--passes=0", "--write-pct=0"]}
PLANTED = ("array.c", "rb_ary_resurrect", "object-copy")


def run_once(build, src, preload):
    """One run of the program: its printed figures, and with preload the
    allocator's statistics."""
    argv = rubyrun.command(build, src, PROGRAM, pre=("--disable-gems", "-robjspace"))
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as d:
        stats = os.path.join(d, "stats.json")
        if preload:
            env["LD_PRELOAD"] = preload
            env["ASRT_STATS"] = stats
        out = subprocess.run(argv, env=env, cwd=d, capture_output=True, text=True, check=True).stdout
        m = dict(re.findall(r"(\w+)=(\d+)", out.split("RESULT ", 1)[1]))
        fig = {"rss_kb": int(m["vmrss_kb"]), "array_memsize": int(m["array_memsize"])}
        if preload:
            s = json.load(open(stats))
            fig = {"mallocs": s["allocations"], "peak_bytes": s["peak"]}
    return fig


def summary(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs), "runs": xs}


def planted_rank(path, src):
    rows = profreport.ranking(path, src)
    hit = [r for r in rows if os.path.basename(r["site"].rsplit(":", 1)[0]) == PLANTED[0] and
           r["function"] == PLANTED[1] and r["rule"] == PLANTED[2]]
    if len(hit) != 1:
        sys.exit("seedduparray.py: the planted site is not in the --profile report once (%d)" % len(hit))
    top = sorted(rows, key=lambda r: r["cost_rank"])[:5]
    keep = ("site", "function", "rule", "fix", "value", "cost", "calls", "bytes", "cost_rank")
    return hit[0], [{k: r[k] for k in keep} for r in top], len(rows)


def write_md(path, doc):
    b = doc["builds"]
    lines = ["# Seed 003 (duparray) on Ruby 3.1: the regression planted, found and rewritten", "",
             "Written by `%s` (never by hand); %s. Machine: %s, %s CPUs (%s); load average %s at the start."
             % (doc["command"], doc["created"], doc["host"]["uname"], doc["host"]["cpus"], doc["host"]["cpu_model"],
                doc["load_start"]), "",
             "Ruby Feature #15349 (r66095) made `rb_ary_resurrect`, which every evaluation of an array literal "
             "calls (`duparray`), share the literal's buffer instead of allocating and copying it. The bench "
             "plants the old body back into a copy of Ruby 3.1.2's `array.c`:", "",
             "```c", doc["planted"]["line"], "```", "",
             "and builds it (*planted*), beside the stock build (*stock*), a copy of the planted tree after "
             "`allocscan --rules ruby --rewrite` of `array.c` (*rewritten*), and one after `--instrument` "
             "of the whole planted tree, whose run of the program `--profile` ranks. The program is the "
             "seed's: literals of 4 and of 110 elements, each evaluated 10,000 times and every copy kept, "
             "then a full GC (`bench/ruby/duparray.rb --calls=0 --copies=10000 --passes=0 --write-pct=0`). %d rounds, the builds alternating in each; medians, "
             "with the range." % doc["rounds"], "",
             "| build | mallocs (blocks made) | peak live bytes (libasrt) | final RSS (KiB) | "
             "`ObjectSpace.memsize_of_all(Array)` |", "|---|---|---|---|---|"]
    for name in ("stock", "planted", "rewritten"):
        x = b[name]
        lines.append("| %s | %d (%d–%d) | %d | %d (%d–%d) | %d |"
                     % (name, x["mallocs"], x["range"]["mallocs"][0], x["range"]["mallocs"][1], x["peak_bytes"],
                        x["rss_kb"], x["range"]["rss_kb"][0], x["range"]["rss_kb"][1], x["array_memsize"]))
    p, s, r = b["planted"], b["stock"], b["rewritten"]
    lines += ["", "Planted against stock: %+d mallocs, %+d KiB of RSS, %+d bytes of arrays. Rewritten against "
              "stock: %+d mallocs, %+d KiB, %+d bytes."
              % (p["mallocs"] - s["mallocs"], p["rss_kb"] - s["rss_kb"], p["array_memsize"] - s["array_memsize"],
                 r["mallocs"] - s["mallocs"], r["rss_kb"] - s["rss_kb"], r["array_memsize"] - s["array_memsize"]),
              "", "## The planted site, found and ranked", "",
              "allocscan reports it as `%s` (value %d, fix `%s`). Its measured cost on the program ranks it "
              "**%d of %d** findings of the planted tree (%d calls, %d bytes duplicated). The top five by "
              "measured cost:" % (doc["planted"]["rule"], doc["planted"]["value"], doc["planted"]["fix"],
                                  doc["planted_site_rank"], doc["findings"], doc["planted"]["calls"],
                                  doc["planted"]["bytes"]), "",
              "| rank | site | function | rule | fix | value | cost | calls | bytes |", "|---|---|---|---|---|---|---|---|---|"]
    for t in doc["top_by_cost"]:
        lines.append("| %d | `%s` | %s | %s | %s | %d | %d | %d | %d |"
                     % (t["cost_rank"], t["site"], t["function"], t["rule"], t["fix"], t["value"], t["cost"],
                        t["calls"], t["bytes"]))
    lines += ["", "## The rewrite", "", "`--rewrite` of the planted `array.c`, its whole diff:", "", "```diff"] + doc["rewrite"] + ["```", "",
              "The finding's reason, the invariant the share rests on: %s" % doc["planted"]["reason"], ""]
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    os.replace(path + ".tmp", path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--run-once")
    ap.add_argument("--build", action="append", default=[], help="NAME=DIR")
    ap.add_argument("--libasrt")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--ranked")
    ap.add_argument("--diff")
    ap.add_argument("--planted-line")
    ap.add_argument("--command")
    ap.add_argument("--load-start", default="")
    ap.add_argument("--md")
    ap.add_argument("--json")
    ap.add_argument("--json-also")
    o = ap.parse_args()
    if o.run_once:
        print(json.dumps(run_once(o.run_once, o.src, None)))
        return
    builds = dict(b.split("=", 1) for b in o.build)
    figs = {n: [] for n in builds}
    for _ in range(o.rounds):
        for n, d in builds.items():
            fig = run_once(d, o.src, None)
            fig.update(run_once(d, o.src, o.libasrt))
            figs[n].append(fig)
    out = {}
    for n, rs in figs.items():
        x = {k: summary([r[k] for r in rs]) for k in ("mallocs", "peak_bytes", "rss_kb", "array_memsize")}
        out[n] = {k: v["median"] for k, v in x.items()}
        out[n]["range"] = {k: [v["min"], v["max"]] for k, v in x.items()}
        out[n]["runs"] = rs
    hit, top, nfind = planted_rank(o.ranked, os.path.normpath(o.src))
    rewrite = [ln.rstrip("\n") for ln in open(o.diff) if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
    doc = {"schema": "allocscan-seed-duparray/1",
           "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "command": o.command.strip(), "host": results.host(None), "load_start": o.load_start, "rounds": o.rounds,
           "builds": out, "planted_site_rank": hit["cost_rank"], "findings": nfind,
           "planted": {"line": o.planted_line.strip(), "site": hit["site"], "rule": hit["rule"], "fix": hit["fix"],
                       "value": hit["value"], "cost": hit["cost"], "calls": hit["calls"], "bytes": hit["bytes"],
                       "reason": hit["reason"]},
           "top_by_cost": top, "rewrite": rewrite}
    del doc["host"]["ruby"]
    results.write(o.json, doc)
    if o.json_also:
        results.write(o.json_also, doc)
    write_md(o.md, doc)
    p, s, r = out["planted"], out["stock"], out["rewritten"]
    print("stock %d mallocs %d KiB; planted %d mallocs %d KiB; rewritten %d mallocs %d KiB; planted site rank %d"
          % (s["mallocs"], s["rss_kb"], p["mallocs"], p["rss_kb"], r["mallocs"], r["rss_kb"], hit["cost_rank"]))


if __name__ == "__main__":
    main()
