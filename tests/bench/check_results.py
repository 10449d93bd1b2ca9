"""Checks a bench/run JSON file: the whole matrix is there, each cell once,
every cell filled or marked skipped with a reason. Values are checked for
shape and sign only: speed and memory are never asserted.

usage: check_results.py RESULTS.json CHART.svg REPS
Cells of the parts built elsewhere (the asrt allocator, the rewritten
variant) may also be marked failed with a reason; they are listed, not fatal.
"""

import json
import sys
import xml.dom.minidom

C_WORKLOADS = ("frag", "frag2", "duparray", "realloc-churn")
RUBY_WORKLOADS = tuple("ruby-" + w for w in C_WORKLOADS)
ALLOCATORS = ("glibc", "glibc-arena2", "jemalloc", "mimalloc", "tcmalloc", "asrt")
METRICS = ("live_bytes", "vmrss_kb", "vmhwm_kb", "wall_s", "cpu_s")


# The workloads with an --ideal floor, run as the "ideal" variant.
IDEAL_WORKLOADS = ("duparray", "realloc-churn")


def variants(w):
    if w not in C_WORKLOADS:
        return ("original",)
    return ("original", "rewritten") + (("ideal",) if w in IDEAL_WORKLOADS else ())


def expected_cells():
    for w in C_WORKLOADS + RUBY_WORKLOADS:
        for v in variants(w):
            for a in ALLOCATORS:
                yield (w, v, a)


def check_ok(cell, record, reps, errors):
    runs, median = record.get("runs"), record.get("median")
    if not isinstance(runs, list) or len(runs) != reps:
        errors.append(f"{cell}: {reps} runs expected, got {runs!r:.60}")
        return
    for m in METRICS:
        values = [run.get(m) for run in runs] + [(median or {}).get(m)]
        if not all(isinstance(x, (int, float)) and x >= 0 for x in values):
            errors.append(f"{cell}: {m} missing or negative: {values}")
    if median and not (median["vmrss_kb"] > 0 and median["vmhwm_kb"] >= median["vmrss_kb"]):
        errors.append(f"{cell}: VmRSS {median['vmrss_kb']} / VmHWM {median['vmhwm_kb']}")
    if median and median["live_bytes"] > 0 and not median.get("rss_per_live"):
        errors.append(f"{cell}: rss_per_live missing")


def check(doc, reps):
    errors, tolerated = [], []
    seen = {}
    for record in doc.get("results", []):
        cell = (record.get("workload"), record.get("variant"), record.get("allocator"))
        if cell in seen:
            errors.append(f"{cell}: more than one record")
        seen[cell] = record
    for cell in expected_cells():
        record = seen.pop(cell, None)
        if record is None:
            errors.append(f"{cell}: missing")
            continue
        status, reason = record.get("status"), record.get("reason")
        if status == "ok":
            check_ok(cell, record, reps, errors)
        elif status in ("skipped", "failed") and reason:
            if status == "failed":
                elsewhere = cell[1] == "rewritten" or cell[2] == "asrt"
                (tolerated if elsewhere else errors).append(f"{cell}: failed: {reason}")
        else:
            errors.append(f"{cell}: status {status!r} with reason {reason!r}")
        if cell[1] == "rewritten" and status == "ok" and "sites_changed" not in record.get(
                "rewrite", {}):
            errors.append(f"{cell}: rewritten without diff stats")
    errors += [f"{cell}: not in the matrix" for cell in seen]
    labels = [a.get("label") for a in doc.get("allocators", [])]
    if labels != list(ALLOCATORS):
        errors.append(f"allocators {labels}, expected {list(ALLOCATORS)}")
    return errors, tolerated


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    errors, tolerated = check(doc, int(argv[3]))
    svg = xml.dom.minidom.parse(argv[2]).documentElement
    if svg.tagName != "svg":
        errors.append(f"{argv[2]}: root element {svg.tagName}, not svg")
    for line in tolerated:
        print("note (part built elsewhere):", line)
    for line in errors:
        print("error:", line)
    counts = {}
    for r in doc.get("results", []):
        counts[r.get("status")] = counts.get(r.get("status"), 0) + 1
    print(f"{len(doc.get('results', []))} cells: {counts}; {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
