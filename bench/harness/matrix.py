"""Runs every cell of the matrix (workload x variant x allocator) `reps`
times and keeps every run plus the medians. A cell is ok, skipped (with the
reason: its program or its allocator is not there) or failed (with the
reason: a run went wrong)."""

import os
import statistics
import sys
import time

import measure
import workloads

MEDIAN_KEYS = ("live_bytes", "vmrss_kb", "vmhwm_kb", "wall_s", "cpu_s")


def medians(runs):
    result = {key: statistics.median(run[key] for run in runs) for key in MEDIAN_KEYS}
    live = result["live_bytes"]
    result["rss_per_live"] = (round(result["vmrss_kb"] * 1024 / live, 3)
                              if live > 0 else None)
    return result


def cells(allocators):
    for w in workloads.WORKLOADS:
        for variant in workloads.variants(w):
            for a in allocators:
                yield w, variant, a


def progress(text):
    print(text, file=sys.stderr, flush=True)


def run_cell(w, variant, alloc, program, scale, reps, cwd, step, total):
    record = {"workload": w.label, "lang": w.lang, "variant": variant,
              "allocator": alloc.label, "status": "ok", "reason": "",
              "command": [], "runs": [], "median": None}
    if variant == "rewritten":
        record["rewrite"] = program.rewrite
    name = f"{w.label}/{variant}/{alloc.label}"
    if program.status != "ok" or alloc.skip_reason:
        record["status"] = program.status if program.status != "ok" else "skipped"
        record["reason"] = program.reason or alloc.skip_reason
        progress(f"[{step}/{total}] {name}: {record['status']}: {record['reason']}")
        return record
    argv = program.argv + w.flags[scale]
    # the scratch path of the binary means nothing after the run: its name does
    record["command"] = [os.path.basename(a) for a in program.argv] + w.flags[scale]
    for rep in range(1, reps + 1):
        try:
            run = measure.run(argv, alloc.env,
                              workloads.TIMEOUT_S[scale], cwd)
        except measure.RunFailed as err:
            record["status"], record["reason"] = "failed", f"run {rep}: {err}"
            progress(f"[{step}/{total}] {name}: failed: {record['reason']}")
            return record
        record["runs"].append(run)
        progress(f"[{step}/{total}] {name} run {rep}/{reps}: "
                 f"{run['wall_s']:.2f} s, VmRSS {run['vmrss_kb'] / 1024:.1f} MiB")
    record["median"] = medians(record["runs"])
    return record


# What a rewrite must not change: the program's own account of its work.
SAME_OUTPUT = ("live_bytes", "checksum", "copies_written", "reallocs")


def output_difference(original, rewritten):
    """"" when the rewritten runs report what the original runs did, else how
    they differ. Both are deterministic, so the first runs are compared."""
    a, b = original["runs"][0], rewritten["runs"][0]
    for key in SAME_OUTPUT:
        va = a.get(key, a["extra"].get(key))
        vb = b.get(key, b["extra"].get(key))
        if va != vb:
            return f"rewritten program reports {key}={vb}, the original {va}"
    return ""


def run_all(programs, allocators, scale, reps, cwd):
    todo = list(cells(allocators))
    started = time.monotonic()
    records, originals = [], {}
    for step, (w, variant, alloc) in enumerate(todo, 1):
        record = run_cell(w, variant, alloc, programs[(w.label, variant)],
                          scale, reps, cwd, step, len(todo))
        original = originals.get((w.label, alloc.label))
        if variant == "original" and record["status"] == "ok":
            originals[(w.label, alloc.label)] = record
        elif variant == "rewritten" and record["status"] == "ok" and original:
            difference = output_difference(original, record)
            if difference:
                record["status"], record["reason"] = "failed", difference
                progress(f"[{step}/{len(todo)}] {w.label}/{variant}/{alloc.label}: "
                         f"failed: {difference}")
        records.append(record)
    progress(f"matrix done: {len(todo)} cells in {time.monotonic() - started:.0f} s")
    return records
