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


def cells(chosen, allocators):
    for w in chosen:
        for variant in workloads.variants(w):
            for a in allocators:
                yield w, variant, a


def progress(text):
    print(text, file=sys.stderr, flush=True)


def new_record(w, variant, alloc, program, scale):
    record = {"workload": w.label, "lang": w.lang, "variant": variant,
              "allocator": alloc.label, "status": "ok", "reason": "",
              "command": [], "runs": [], "median": None}
    if variant == "rewritten":
        record["rewrite"] = program.rewrite
    if program.status != "ok" or alloc.skip_reason:
        record["status"] = program.status if program.status != "ok" else "skipped"
        record["reason"] = program.reason or alloc.skip_reason
    else:
        # the scratch path of the binary means nothing after the run: its name does
        record["command"] = [os.path.basename(a) for a in program.argv] + w.flags[scale]
    return record


def run_once(record, w, alloc, program, scale, rep, reps, cwd, name):
    """One repetition of a cell; a failed run ends the cell."""
    try:
        run = measure.run(program.argv + w.flags[scale], alloc.env,
                          workloads.TIMEOUT_S[scale], cwd)
    except measure.RunFailed as err:
        record["status"], record["reason"] = "failed", f"run {rep}: {err}"
        progress(f"{name}: failed: {record['reason']}")
        return
    record["runs"].append(run)
    progress(f"{name} run {rep}/{reps}: "
             f"{run['wall_s']:.2f} s, VmRSS {run['vmrss_kb'] / 1024:.1f} MiB")


# What a rewrite must not change: the program's own account of its work.
# The ideal floor reallocates nothing by design, so it is held to the rest.
SAME_OUTPUT = {"rewritten": ("live_bytes", "checksum", "copies_written", "reallocs"),
               "ideal": ("live_bytes", "checksum", "copies_written")}


def output_difference(original, other):
    """"" when the other variant's runs report what the original runs did,
    else how they differ. Both are deterministic, so the first runs are
    compared."""
    a, b = original["runs"][0], other["runs"][0]
    for key in SAME_OUTPUT[other["variant"]]:
        va = a.get(key, a["extra"].get(key))
        vb = b.get(key, b["extra"].get(key))
        if va != vb:
            return f"{other['variant']} program reports {key}={vb}, the original {va}"
    return ""


def run_all(programs, allocators, chosen, scale, reps, cwd):
    """Repetitions are interleaved (every cell once, then every cell again),
    so that a burst of load on a shared machine falls on all cells alike
    rather than on the cells run during it."""
    todo = list(cells(chosen, allocators))
    started = time.monotonic()
    records = [new_record(w, v, a, programs[(w.label, v)], scale) for w, v, a in todo]
    for step, ((w, v, a), record) in enumerate(zip(todo, records), 1):
        if record["status"] != "ok":
            progress(f"[{step}/{len(todo)}] {w.label}/{v}/{a.label}: "
                     f"{record['status']}: {record['reason']}")
    for rep in range(1, reps + 1):
        for step, ((w, v, a), record) in enumerate(zip(todo, records), 1):
            if record["status"] == "ok":
                run_once(record, w, a, programs[(w.label, v)], scale, rep, reps, cwd,
                         f"[{step}/{len(todo)}] {w.label}/{v}/{a.label}")
    originals = {(r["workload"], r["allocator"]): r for r in records
                 if r["variant"] == "original" and r["status"] == "ok"}
    for record in records:
        if record["status"] != "ok":
            continue
        record["median"] = medians(record["runs"])
        original = originals.get((record["workload"], record["allocator"]))
        if record["variant"] in SAME_OUTPUT and original:
            difference = output_difference(original, record)
            if difference:
                record["status"], record["reason"] = "failed", difference
                progress(f"{record['workload']}/{record['variant']}/"
                         f"{record['allocator']}: failed: {difference}")
    progress(f"matrix done: {len(todo)} cells in {time.monotonic() - started:.0f} s")
    return records
