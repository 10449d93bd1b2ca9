"""The chart of a run as hand-written SVG: for each workload, the final VmRSS
and the wall time per allocator as horizontal bars, the other variants' bars
(pale: rewritten, ideal) right under the original's (solid). Each panel has its own scale,
because the workloads differ by orders of magnitude."""

from xml.sax.saxutils import escape

COLORS = {"glibc": "#4e79a7", "glibc-arena2": "#a0cbe8", "jemalloc": "#f28e2b",
          "mimalloc": "#59a14f", "tcmalloc": "#b07aa1", "asrt": "#e15759",
          "asrt-before": "#ff9d9a"}
METRICS = (("vmrss_kb", "final VmRSS (MiB)", lambda v: v / 1024),
           ("wall_s", "wall (s)", lambda v: v))
PANEL_W, LABEL_W, BAR_H, GAP, TITLE_H, MARGIN = 330, 90, 13, 4, 22, 16


def groups(records):
    """[(workload, [records])], each workload's records by allocator, the
    original before the other variants."""
    out, index = [], {}
    for r in records:
        if r["workload"] not in index:
            index[r["workload"]] = len(out)
            out.append((r["workload"], []))
        out[index[r["workload"]]][1].append(r)
    allocators = list(dict.fromkeys(r["allocator"] for r in records))
    for _, rows in out:
        rows.sort(key=lambda r: (allocators.index(r["allocator"]),
                                 r["variant"] != "original"))
    return out


def text(x, y, s, size=11, anchor="start", fill="#222", weight="normal"):
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}" font-weight="{weight}">{escape(s)}</text>')


def panel(x, y, title, rows, metric):
    """One workload's bars for one metric."""
    key, label, scale = metric
    parts = [text(x, y + 14, f"{title}: {label}", 12, weight="bold")]
    values = [scale(r["median"][key]) for r in rows if r["status"] == "ok"]
    top = max(values) if values and max(values) > 0 else 1.0
    bar_w = PANEL_W - LABEL_W - 60
    for i, r in enumerate(rows):
        by = y + TITLE_H + i * (BAR_H + GAP)
        label = r["allocator"] if r["variant"] == "original" else r["variant"]
        parts.append(text(x + LABEL_W - 6, by + BAR_H - 2, label,
                          10 if r["variant"] == "original" else 9, "end",
                          "#222" if r["variant"] == "original" else "#777"))
        if r["status"] != "ok":
            parts.append(text(x + LABEL_W, by + BAR_H - 2, r["status"], 10, fill="#999"))
            continue
        v = scale(r["median"][key])
        w = max(1.0, bar_w * v / top)
        color = COLORS.get(r["allocator"], "#888")
        pale = ' fill-opacity="0.45"' if r["variant"] != "original" else ""
        parts.append(f'<rect x="{x + LABEL_W}" y="{by}" width="{w:.1f}" '
                     f'height="{BAR_H}" fill="{color}"{pale}/>')
        parts.append(text(x + LABEL_W + w + 4, by + BAR_H - 2, f"{v:.1f}"
                          if v >= 10 else f"{v:.2f}", 10))
    return parts


def group_height(group):
    return TITLE_H + len(group) * (BAR_H + GAP) + MARGIN


SUBTITLE = "solid: as written; pale: after allocscan --rewrite, linked with libasrt's helpers"


def render(records, title, metrics=METRICS, subtitle=SUBTITLE):
    """The SVG text; metrics: (key of the median, label, scale) per column."""
    rows = groups(records)
    width = MARGIN * 2 + PANEL_W * len(metrics)
    height = MARGIN * 2 + 40 + sum(group_height(g) for _, g in rows)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{height}" font-family="sans-serif">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             text(MARGIN, MARGIN + 12, title, 14, weight="bold"),
             text(MARGIN, MARGIN + 28, subtitle, 10, fill="#555")]
    y = MARGIN + 40
    for group_title, group in rows:
        for mi, metric in enumerate(metrics):
            parts += panel(MARGIN + mi * PANEL_W, y, group_title, group, metric)
        y += group_height(group)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
