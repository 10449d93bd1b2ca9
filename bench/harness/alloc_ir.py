"""bench/run alloc-ir: instructions (valgrind callgrind's Ir) that each
allocator executes per malloc and per free, on reduced-size runs of the
allocator suite's programs. Unlike wall time this does not depend on the
load of the machine, so it can guide work on the fast paths on a shared
machine; but it counts neither lock contention, cache misses nor kernel
time (page faults, system calls), so the wall-time suite (`bench/run
alloc`) stays the judge. Writes alloc-ir.md and alloc-ir.json (default into
docs/results/), naming the command, the machine and the commit."""

import argparse
import concurrent.futures
import datetime
import math
import os
import shutil
import subprocess
import tempfile

import alloc_main
import alloc_programs
import alloc_report
import alloc_run
import callgrind
import measure
import results

BASE = "glibc"
VALGRIND = "valgrind"


def parse_args(argv):
    p = argparse.ArgumentParser(prog="bench/run alloc-ir", description=__doc__)
    p.add_argument("--build", default=os.path.join(alloc_main.REPO, "build"),
                   help="CMake build dir with runtime/libasrt.so and the seed "
                        "workloads (default: %(default)s)")
    p.add_argument("--out", default=os.path.join(alloc_main.REPO, "docs", "results"),
                   help="where alloc-ir.md and alloc-ir.json go (default: %(default)s)")
    p.add_argument("--programs", metavar="LIST", help="only these, comma-separated: "
                   + ",".join(x.label for x in alloc_programs.PROGRAMS))
    p.add_argument("--allocators", metavar="LIST", help="only these, comma-separated "
                   "(default: " + ",".join(alloc_main.DEFAULT_ALLOCATORS) + ")")
    p.add_argument("--compare", metavar="LIB", help="also run this libasrt.so, "
                   "as allocator asrt-before")
    p.add_argument("--jobs", type=int, default=2,
                   help="runs at once (counts do not depend on load; default: %(default)s)")
    args = p.parse_args(argv)
    alloc_main.select(p, args)
    if args.jobs < 1:
        p.error("--jobs must be at least 1")
    args.build = os.path.abspath(args.build)
    return args


def run_one(program, alloc, exe, work):
    """The cell's figures, or status failed with the reason."""
    cell = {"program": program.label, "allocator": alloc.label, "status": "ok",
            "reason": ""}
    if alloc.skip_reason:
        return dict(cell, status="skipped", reason=alloc.skip_reason)
    out = os.path.join(work, f"cg.{program.label}.{alloc.label}")
    env = dict(os.environ)
    for k in ("LD_PRELOAD", "MALLOC_ARENA_MAX"):
        env.pop(k, None)
    env.update(alloc.env)
    argv = [VALGRIND, "--tool=callgrind", "--quiet", f"--callgrind-out-file={out}",
            exe] + program.args["ir"]
    try:
        proc = subprocess.run(argv, env=env, cwd=work, capture_output=True, text=True,
                              timeout=alloc_programs.TIMEOUT_S["ir"])
    except subprocess.TimeoutExpired:
        return dict(cell, status="failed", reason="timed out")
    if proc.returncode != 0 or not os.path.exists(out):
        return dict(cell, status="failed", reason=f"exit status {proc.returncode}: "
                    + measure.tail(proc.stderr))
    figures = callgrind.parse(out, os.path.realpath(exe))
    os.unlink(out)
    cell.update(figures, stdout=alloc_run.output_key(proc.stdout))
    a, f = figures["alloc"], figures["free"]
    cell["ir_per_alloc"] = a["ir"] / a["calls"] if a["calls"] else None
    cell["ir_per_free"] = f["ir"] / f["calls"] if f["calls"] else None
    if cell["ir_per_alloc"] is not None and cell["ir_per_free"] is not None:
        cell["ir_per_pair"] = cell["ir_per_alloc"] + cell["ir_per_free"]
    return cell


def same_output(cells):
    groups = {}
    for c in cells:
        if c["status"] == "ok":
            groups.setdefault(c["program"], []).append(c)
    for group in groups.values():
        want = group[0]["stdout"]
        for c in group:
            if c["stdout"] != want:
                c.update(status="failed",
                         reason=f"output differs from {group[0]['allocator']}'s")
    for c in cells:
        c.pop("stdout", None)


def geomeans(cells, labels):
    """Per allocator: geomean over the programs all completed of Ir per pair
    over glibc's."""
    by = {(c["program"], c["allocator"]): c for c in cells}
    programs = list(dict.fromkeys(c["program"] for c in cells))
    complete = [p for p in programs
                if all(by.get((p, a), {}).get("ir_per_pair") for a in labels)]
    out = {}
    for a in labels:
        vals = [by[(p, a)]["ir_per_pair"] / by[(p, BASE)]["ir_per_pair"]
                for p in complete if (p, BASE) in by]
        out[a] = math.exp(sum(math.log(v) for v in vals) / len(vals)) if vals else None
    return out, complete


def fmt(v, spec=".0f"):
    return "-" if v is None else format(v, spec)


def per_program(cells, labels, text):
    """One row per program: its name, then text(cell, glibc's cell) per
    allocator ("-" for a cell that did not complete)."""
    by = {(c["program"], c["allocator"]): c for c in cells}
    rows = []
    for p in dict.fromkeys(c["program"] for c in cells):
        base = by.get((p, BASE), {})
        rows.append([p] + [text(by[(p, a)], base) if by.get((p, a), {}).get("status") == "ok"
                           else by.get((p, a), {}).get("status", "-") for a in labels])
    return rows


def pair_text(c, base):
    ratio = (f" ({c['ir_per_pair'] / base['ir_per_pair']:.2f})"
             if base.get("ir_per_pair") and c.get("ir_per_pair") else "")
    return (f"{fmt(c.get('ir_per_pair'))}{ratio} = "
            f"{fmt(c.get('ir_per_alloc'))} + {fmt(c.get('ir_per_free'))}")


def share_text(c, base):
    if not c.get("total"):
        return "-"
    ir = c["alloc"]["ir"] + c["free"]["ir"]
    return f"{ir / c['total']:.1%} of {c['total'] / 1e6:.1f} M"


def render(cells, labels, gm, markdown):
    head = ["program"] + [f"{a} Ir/pair (malloc + free)" for a in labels]
    rows = per_program(cells, labels, pair_text)
    grow = [["allocator", "Ir/pair geomean x glibc"]] + [[a, fmt(gm.get(a), ".3f")]
                                                        for a in labels]
    share_head = ["program"] + [f"{a} allocator share of process Ir" for a in labels]
    share = per_program(cells, labels, share_text)
    failed = [f"{c['program']}/{c['allocator']}: {c['status']}: {c['reason']}"
              for c in cells if c["status"] != "ok"]
    out = "\n\n".join([alloc_report.table(head, rows, markdown),
                       alloc_report.table(grow[0], grow[1:], markdown),
                       alloc_report.table(share_head, share, markdown)])
    if failed:
        out += "\n\n" + "\n".join(("- " if markdown else "") + f for f in failed)
    return out


def markdown(doc, text, programs):
    h = doc["host"]
    return "\n".join(alloc_main.head(doc, "Allocator instruction counts",
                                     f"{h['cpu_model']}, {h['cpus']} CPUs, {h['uname']}; "
                                     f"{doc['valgrind']}") + [
        "- Ir: instructions executed (valgrind --tool=callgrind), inclusive, in the "
        "calls the program makes to the malloc family (malloc, calloc, realloc, "
        "aligned forms: the malloc side; free: the free side); per pair = Ir per "
        "malloc-side call + Ir per free; (x) = over glibc's",
        "- what Ir does not show: lock contention and waiting, cache and TLB misses, "
        "page faults and system call time in the kernel; under valgrind the threads "
        "run one at a time, so cross-thread paths are taken but never contended. "
        "Wall time and RSS come from `bench/run alloc` (docs/results/alloc.md), "
        "which stays the judge",
        "",
        text,
        "",
        "Programs and their arguments here (reduced sizes):",
        "",
    ] + [f"- `{p.label}` {' '.join(p.args['ir'])}: {p.shape} ({p.source})"
         for p in programs]) + "\n"


def valgrind_version():
    try:
        proc = subprocess.run([VALGRIND, "--version"], capture_output=True, text=True)
    except OSError:
        return ""
    return proc.stdout.strip()


def main(argv):
    args = parse_args(argv)
    version = valgrind_version()
    if not version:
        print("bench/run alloc-ir: valgrind not found (Debian package valgrind)")
        return 2
    allocs = alloc_main.chosen_allocators(args)
    work = tempfile.mkdtemp(prefix="allocscan-alloc-ir-")
    try:
        exes = alloc_run.build(args.programs, args.build, work)
        jobs = []
        cells = []
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for p in args.programs:
                exe, reason = exes[p.label]
                for a in allocs:
                    if not exe:
                        cells.append({"program": p.label, "allocator": a.label,
                                      "status": "failed", "reason": reason})
                        continue
                    jobs.append(pool.submit(run_one, p, a, exe, work))
            for j in jobs:
                c = j.result()
                cells.append(c)
                alloc_run.progress(f"{c['program']:9s} {c['allocator']:12s} "
                                   + (f"{fmt(c.get('ir_per_pair'))} Ir/pair"
                                      if c["status"] == "ok" else c["reason"]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    order = {p.label: i for i, p in enumerate(args.programs)}
    rank = {a.label: i for i, a in enumerate(allocs)}
    cells.sort(key=lambda c: (order[c["program"]], rank[c["allocator"]]))
    same_output(cells)
    labels = [a.label for a in allocs if not a.skip_reason]
    gm, complete = geomeans(cells, labels)
    doc = {"schema": "allocscan-alloc-ir/1",
           "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "command": ["bench/run", "alloc-ir"] + [results.shown_path(a, args.build) for a in argv],
           "commit": alloc_main.commit(),
           "host": results.host(""), "valgrind": version,
           "allocators": results.allocator_rows(allocs, args.build),
           "programs": {p.label: p.args["ir"] for p in args.programs},
           "cells": cells, "geomean_ir_per_pair_vs_glibc": gm, "complete": complete}
    os.makedirs(args.out, exist_ok=True)
    results.write(os.path.join(args.out, "alloc-ir.json"), doc)
    with open(os.path.join(args.out, "alloc-ir.md"), "w", encoding="utf-8") as f:
        f.write(markdown(doc, render(cells, labels, gm, True), args.programs))
    print(render(cells, labels, gm, False))
    print(f"\nwritten: {args.out}/alloc-ir.md, alloc-ir.json")
    return 1 if any(c["status"] == "failed" for c in cells) else 0
