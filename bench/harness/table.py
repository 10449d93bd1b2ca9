"""The one table of a run: medians per cell, sizes in MiB. Consecutive cells
of one workload and variant that are skipped or failed for the same reason
share one row, so a missing part reads once, not six times."""

HEADER = ("workload", "variant", "allocator", "VmRSS MiB", "peak MiB",
          "live MiB", "RSS/live", "wall s", "CPU s")
KEY_COLUMNS = 3  # workload, variant, allocator: text, left-aligned


def mib(kib):
    return f"{kib / 1024:.1f}"


def metric_cells(m):
    ratio = f"{m['rss_per_live']:.2f}" if m["rss_per_live"] is not None else "-"
    return [mib(m["vmrss_kb"]), mib(m["vmhwm_kb"]), f"{m['live_bytes'] / 1048576:.1f}",
            ratio, f"{m['wall_s']:.2f}", f"{m['cpu_s']:.2f}"]


def rows(records):
    """[(cells, reason or None)]; a reason row has only the key cells."""
    everyone = ",".join(dict.fromkeys(r["allocator"] for r in records))
    out = []
    for r in records:
        if r["status"] == "ok":
            out.append(([r["workload"], r["variant"], r["allocator"]]
                        + metric_cells(r["median"]), None))
            continue
        reason = f"{r['status']}: {r['reason']}"
        prev = out[-1] if out else None
        if prev and prev[1] == reason and prev[0][:2] == [r["workload"], r["variant"]]:
            prev[0][2] += "," + r["allocator"]
        else:
            out.append(([r["workload"], r["variant"], r["allocator"]], reason))
    for cells, reason in out:
        if reason is not None and cells[2] == everyone and "," in everyone:
            cells[2] = "(all)"
    return out


def render(records, markdown=False):
    """A plain-text table, or Markdown when markdown is set."""
    table = rows(records)
    widths = [len(h) for h in HEADER]
    for cells, reason in table:
        for i, c in enumerate(cells):
            widths[i] = max(widths[i], len(c))

    def line(cells, reason=None):
        out = [c.ljust(w) if i < KEY_COLUMNS else c.rjust(w)
               for i, (c, w) in enumerate(zip(cells, widths))]
        if reason is not None:
            out.append(reason)
            if markdown:
                out += [""] * (len(HEADER) - len(out))
        if markdown:
            return "| " + " | ".join(out) + " |"
        return "  ".join(out).rstrip()

    if markdown:
        rule = "|" + "|".join(("-" * (w + 1) + ":") if i >= KEY_COLUMNS else "-" * (w + 2)
                              for i, w in enumerate(widths)) + "|"
    else:
        rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(list(HEADER)), rule] + [line(c, r) for c, r in table])
