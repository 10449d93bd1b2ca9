"""The chart of bench/real/profile as hand-written SVG: each finding a dot,
its static value (0-100) across, its measured cost up on a log scale; the
sites never reached on a band of their own at the bottom. Rewritten sites
are red, the others grey; the hottest ones are labelled."""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "harness"))
from chart import text  # noqa: E402  (bench/harness/chart.py)

W, H, LEFT, RIGHT, TOP, BOTTOM, BAND = 760, 460, 70, 20, 56, 60, 34
LABELS = 8


def render(rows, title, subtitle):
    reached = [r for r in rows if r["reached"] and r["cost"] > 0]
    top = max([r["cost"] for r in reached] + [10])
    decades = max(1, math.ceil(math.log10(top)))
    plot_h = H - TOP - BOTTOM - BAND
    x = lambda v: LEFT + (W - LEFT - RIGHT) * v / 100.0
    y = lambda c: TOP + plot_h * (1 - math.log10(max(c, 1)) / decades)
    p = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         text(16, 20, title, 14, weight="bold"), text(16, 36, subtitle, 10, fill="#555")]
    for d in range(decades + 1):
        yy = y(10 ** d)
        p.append(f'<line x1="{LEFT}" y1="{yy:.1f}" x2="{W - RIGHT}" y2="{yy:.1f}" stroke="#eee"/>')
        p.append(text(LEFT - 6, yy + 4, "1e%d" % d, 10, "end", "#555"))
    band_y = TOP + plot_h + BAND / 2
    p.append(f'<line x1="{LEFT}" y1="{TOP + plot_h + 6}" x2="{W - RIGHT}" y2="{TOP + plot_h + 6}" stroke="#ccc"/>')
    p.append(text(LEFT - 6, band_y + 4, "never", 10, "end", "#555"))
    for v in range(0, 101, 10):
        p.append(text(x(v), H - BOTTOM + 16, str(v), 10, "middle", "#555"))
    p.append(text((LEFT + W - RIGHT) / 2, H - BOTTOM + 34, "static value (allocscan's estimate)", 11, "middle"))
    p.append(f'<text x="16" y="{TOP + plot_h / 2:.1f}" font-size="11" fill="#222" '
             f'transform="rotate(-90 16 {TOP + plot_h / 2:.1f})" text-anchor="middle">'
             'measured cost (bytes + calls, log)</text>')
    unreached = 0
    for r in sorted(rows, key=lambda r: r["cost"]):
        color = "#e15759" if r["rewritten"] else "#79706e"
        if r["reached"] and r["cost"] > 0:
            cy = y(r["cost"])
        else:
            cy = band_y + (unreached % 3 - 1) * 7
            unreached += 1
        p.append(f'<circle cx="{x(r["value"]):.1f}" cy="{cy:.1f}" r="4.5" fill="{color}" fill-opacity="0.75"/>')
    # Labels top down, each pushed below the one before it when they would
    # overlap (near in height and starting close across).
    placed = []
    for r in sorted(sorted(reached, key=lambda r: -r["cost"])[:LABELS], key=lambda r: y(r["cost"])):
        lx, ly = x(r["value"]) + 7, y(r["cost"]) + 3
        for px, py in placed:
            if abs(px - lx) < 160 and ly < py + 11:
                ly = py + 11
        placed.append((lx, ly))
        p.append(text(lx, ly, "%s (%s)" % (r["function"], r["site"]), 9, fill="#333"))
    p.append(f'<circle cx="{W - 190}" cy="{TOP - 8}" r="4.5" fill="#e15759"/>')
    p.append(text(W - 182, TOP - 4, "rewritten", 10))
    p.append(f'<circle cx="{W - 120}" cy="{TOP - 8}" r="4.5" fill="#79706e"/>')
    p.append(text(W - 112, TOP - 4, "not rewritten", 10))
    p.append("</svg>")
    return "\n".join(p) + "\n"


def write(path, rows, title, subtitle):
    tmp = path + ".tmp%d" % os.getpid()
    with open(tmp, "w") as f:
        f.write(render(rows, title, subtitle))
    os.replace(tmp, path)
