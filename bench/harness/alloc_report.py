"""The figures of an allocator-suite run: per program and allocator the
median wall time and peak RSS, their ratios to glibc's and to the best
allocator's on that program, and per allocator the geometric means of the
ratios over the programs every allocator completed."""

import math
import statistics

BASE = "glibc"


def median(cell, key):
    values = [r[key] for r in cell["runs"] if r.get(key) is not None]
    return statistics.median(values) if values else None


def summarise(cells):
    """{"programs": [...], "allocators": [...], "rows": {program: {alloc:
    {...}}}, "geomean": {alloc: {...}}}."""
    programs = list(dict.fromkeys(c["program"] for c in cells))
    allocs = list(dict.fromkeys(c["allocator"] for c in cells))
    rows = {p: {} for p in programs}
    for c in cells:
        m = {"status": c["status"], "reason": c["reason"]}
        if c["status"] == "ok" and c["runs"]:
            m.update(wall_s=median(c, "wall_s"), maxrss_kb=median(c, "maxrss_kb"),
                     minflt=median(c, "minflt"),
                     final_rss_per_live=median(c, "final_rss_per_live"))
        rows[c["program"]][c["allocator"]] = m
    complete = [p for p in programs
                if all("wall_s" in rows[p].get(a, {}) for a in allocs
                       if rows[p].get(a, {}).get("status") != "skipped")]
    for p in programs:
        ok = {a: m for a, m in rows[p].items() if "wall_s" in m}
        if not ok:
            continue
        best_t = min(m["wall_s"] for m in ok.values())
        best_r = min(m["maxrss_kb"] for m in ok.values())
        base = ok.get(BASE)
        for m in ok.values():
            m["time_vs_best"] = m["wall_s"] / best_t
            m["rss_vs_best"] = m["maxrss_kb"] / best_r
            if base:
                m["time_vs_glibc"] = m["wall_s"] / base["wall_s"]
                m["rss_vs_glibc"] = m["maxrss_kb"] / base["maxrss_kb"]
    # The machine's 1-minute load average over each program's runs.
    load = {}
    for c in cells:
        vals = [r["load1"] for r in c["runs"] if r.get("load1") is not None]
        if vals:
            lo, hi = load.get(c["program"], (min(vals), max(vals)))
            load[c["program"]] = (min(lo, *vals), max(hi, *vals))
    geomean = {}
    for a in allocs:
        g = {}
        for key in ("time_vs_glibc", "rss_vs_glibc", "time_vs_best"):
            vals = [rows[p][a][key] for p in complete if key in rows[p].get(a, {})]
            if vals and len(vals) == len(complete):
                g[key] = math.exp(sum(math.log(v) for v in vals) / len(vals))
        g["worst_vs_best"] = max((rows[p][a]["time_vs_best"] for p in complete
                                  if "time_vs_best" in rows[p].get(a, {})), default=None)
        geomean[a] = g
    return {"programs": programs, "allocators": allocs, "complete": complete,
            "rows": rows, "geomean": geomean, "load": load}


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


def render(s, markdown=False):
    """Two tables: per program (time s, peak MiB and ratios to glibc, per
    allocator, and the load average during its runs), then the geomeans."""
    allocs = s["allocators"]
    head = ["program"] + [f"{a} s (x glibc) / MiB (x glibc)" for a in allocs] + [
        "load avg (1 min)"]
    lines = []
    for p in s["programs"]:
        cells = [p]
        for a in allocs:
            m = s["rows"][p].get(a, {})
            if "wall_s" not in m:
                cells.append(m.get("status", "-"))
                continue
            cell = (f"{m['wall_s']:.2f} ({fmt(m.get('time_vs_glibc'), '.2f')}) / "
                    f"{m['maxrss_kb'] / 1024:.0f} ({fmt(m.get('rss_vs_glibc'), '.2f')})")
            if m.get("final_rss_per_live"):
                cell += f" end {m['final_rss_per_live']:.3f}x live"
            cells.append(cell)
        lo_hi = s.get("load", {}).get(p)
        cells.append(f"{lo_hi[0]:.1f}-{lo_hi[1]:.1f}" if lo_hi else "-")
        lines.append(cells)
    ghead = ["allocator", "time geomean x glibc", "peak RSS geomean x glibc",
             "time geomean x best", "worst program x best"]
    glines = [[a, fmt(g.get("time_vs_glibc"), ".3f"), fmt(g.get("rss_vs_glibc"), ".3f"),
               fmt(g.get("time_vs_best"), ".3f"), fmt(g.get("worst_vs_best"), ".2f")]
              for a, g in s["geomean"].items()]
    failed = [f"{p}/{a}: {m['status']}: {m['reason']}" for p in s["programs"]
              for a, m in s["rows"][p].items() if m.get("status") != "ok"]
    out = table(head, lines, markdown) + "\n\n" + table(ghead, glines, markdown)
    if failed:
        out += "\n\n" + "\n".join(("- " if markdown else "") + f for f in failed)
    return out


def table(head, lines, markdown):
    if markdown:
        rows = [head, ["---"] * len(head)] + lines
        return "\n".join("| " + " | ".join(r) + " |" for r in rows)
    widths = [max(len(r[i]) for r in [head] + lines) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()
                     for r in [head] + lines)
