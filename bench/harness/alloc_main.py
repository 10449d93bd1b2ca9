"""bench/run alloc: the allocator suite (bench/alloc/programs and the seed
workloads) under every allocator, interleaved rounds; prints per program the
median wall time and peak RSS with their ratios to glibc, and per allocator
the geomeans; writes alloc.md, alloc.json and alloc.svg (default into
docs/results/), each naming the command, the machine and the commit."""

import argparse
import datetime
import os
import shutil
import subprocess
import tempfile

import alloc_programs
import alloc_report
import alloc_run
import allocators
import chart
import results

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# glibc with two arenas is a tuning of glibc, not another allocator.
DEFAULT_ALLOCATORS = ("glibc", "jemalloc", "mimalloc", "tcmalloc", "asrt")


def parse_args(argv):
    p = argparse.ArgumentParser(prog="bench/run alloc", description=__doc__)
    p.add_argument("--smoke", action="store_const", dest="scale", const="smoke",
                   default="full", help="tiny sizes, one round (for the test suite)")
    p.add_argument("--rounds", type=int, help="rounds (default: 3; smoke: 1)")
    p.add_argument("--build", default=os.path.join(REPO, "build"),
                   help="CMake build dir with runtime/libasrt.so and the seed "
                        "workloads (default: %(default)s)")
    p.add_argument("--out", default=os.path.join(REPO, "docs", "results"),
                   help="where alloc.md, alloc.json, alloc.svg go (default: %(default)s)")
    p.add_argument("--programs", metavar="LIST", help="only these, comma-separated: "
                   + ",".join(x.label for x in alloc_programs.PROGRAMS))
    p.add_argument("--allocators", metavar="LIST", help="only these, comma-separated "
                   "(default: " + ",".join(DEFAULT_ALLOCATORS) + "; known: "
                   + ",".join(allocators.LABELS) + ")")
    p.add_argument("--compare", metavar="LIB", help="also run this libasrt.so, "
                   "as allocator asrt-before (a before/after pair in one run)")
    args = p.parse_args(argv)
    select(p, args)
    if args.rounds is None:
        args.rounds = alloc_programs.DEFAULT_ROUNDS[args.scale]
    elif args.rounds < 1:
        p.error("--rounds must be at least 1")
    args.build = os.path.abspath(args.build)
    return args


def select(p, args):
    """args.programs and args.allocators, from their comma lists, checked."""
    known = {x.label: x for x in alloc_programs.PROGRAMS}
    names = args.programs.split(",") if args.programs else list(known)
    if [n for n in names if n not in known]:
        p.error(f"unknown program in {args.programs!r}; known: {','.join(known)}")
    args.programs = [known[n] for n in known if n in names]
    args.allocators = args.allocators.split(",") if args.allocators else list(DEFAULT_ALLOCATORS)
    if [a for a in args.allocators if a not in allocators.LABELS]:
        p.error(f"unknown allocator in {','.join(args.allocators)}; known: "
                + ",".join(allocators.LABELS))


def head(doc, title, machine):
    """The first lines of a results page: what wrote it, when, where, with
    which allocators."""
    return [
        f"# {title}",
        "",
        "Written by `" + " ".join(doc["command"]) + "`; do not edit by hand.",
        "",
        f"- when: {doc['created']}, commit {doc['commit']}",
        f"- machine: {machine}",
        "- allocators: " + "; ".join(f"{a['label']} {a['version']}".strip()
                                     + (f" (skipped: {a['reason']})" if a["reason"] else "")
                                     for a in doc["allocators"]),
    ]


def commit():
    def git(*a):
        proc = subprocess.run(["git", "-C", REPO] + list(a), capture_output=True, text=True)
        return proc.stdout.strip() if proc.returncode == 0 else ""
    head = git("rev-parse", "--short", "HEAD")
    dirty = git("status", "--porcelain", "--", "runtime", "bench/alloc")
    return head + (" + uncommitted changes in runtime/ or bench/alloc/" if dirty else "")


def chart_records(summary):
    out = []
    for p in summary["programs"]:
        for a in summary["allocators"]:
            m = summary["rows"][p].get(a, {})
            out.append({"workload": p, "allocator": a, "variant": "original",
                        "status": "ok" if "wall_s" in m else m.get("status", "failed"),
                        "median": {k: m.get(k) for k in ("wall_s", "maxrss_kb")}})
    return out


def markdown(doc, summary, text):
    h = doc["host"]
    return "\n".join(head(doc, "Allocator suite results",
                          f"{h['cpu_model']}, {h['cpus']} CPUs, {h['mem_total']}, {h['uname']}") + [
        f"- {doc['rounds']} rounds, interleaved; medians; wall time and peak RSS "
        "(wait4's ru_maxrss) of each run",
        "- geomeans over the programs every allocator completed; `x best`: "
        "over the fastest allocator on that program",
        "",
        "![time and peak RSS per program](alloc.svg)",
        "",
        text,
        "",
        "Programs:",
        "",
    ] + [f"- `{p.label}`: {p.shape} ({p.source})" for p in alloc_programs.PROGRAMS
         if p.label in summary["programs"]]) + "\n"


def chosen_allocators(args):
    """The allocators asked for, and the --compare library as asrt-before."""
    allocs = [a for a in allocators.resolve(args.build) if a.label in args.allocators]
    if args.compare:
        allocs.append(allocators.preloaded("asrt-before", os.path.abspath(args.compare),
                                           f"{args.compare} not found"))
    return allocs


def main(argv):
    args = parse_args(argv)
    allocs = chosen_allocators(args)
    work = tempfile.mkdtemp(prefix="allocscan-alloc-")
    try:
        cells = alloc_run.run_all(args.programs, allocs, args.scale, args.rounds,
                                  args.build, work, alloc_programs.TIMEOUT_S[args.scale])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    summary = alloc_report.summarise(cells)
    doc = {"schema": "allocscan-alloc/1",
           "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "command": ["bench/run", "alloc"] + [results.shown_path(a, args.build) for a in argv], "commit": commit(),
           "scale": args.scale, "rounds": args.rounds, "host": results.host(""),
           "allocators": results.allocator_rows(allocs, args.build),
           "cells": cells, "summary": summary}
    os.makedirs(args.out, exist_ok=True)
    results.write(os.path.join(args.out, "alloc.json"), doc)
    with open(os.path.join(args.out, "alloc.svg"), "w", encoding="utf-8") as f:
        f.write(chart.render(chart_records(summary),
                             f"bench/run alloc: median of {args.rounds} rounds",
                             (("maxrss_kb", "peak RSS (MiB)", lambda v: v / 1024),
                              ("wall_s", "wall (s)", lambda v: v)),
                             "one bar per allocator; shorter is better"))
    with open(os.path.join(args.out, "alloc.md"), "w", encoding="utf-8") as f:
        f.write(markdown(doc, summary, alloc_report.render(summary, markdown=True)))
    print(alloc_report.render(summary))
    print(f"\nwritten: {args.out}/alloc.md, alloc.json, alloc.svg")
    failed = [c for c in cells if c["status"] == "failed"]
    return 1 if failed else 0
