"""The README's results table: derived from a bench/run JSON file, never
typed. `bench/run --readme README.md` rewrites the block between the
markers; `readme.py --check README JSON` fails when the block is not what
the JSON gives (tests/docs).

  readme.py --write README JSON | --check README JSON
"""

import json
import sys

BEGIN = "<!-- results: written by bench/run --readme from docs/results/bench-quick.json -->"
END = "<!-- results: end -->"


def block(doc):
    """RSS over live bytes of each workload, as written, per allocator; and
    under libasrt as rewritten."""
    recs = [r for r in doc["results"] if r["status"] == "ok" and r.get("median")]
    allocs = []
    for r in recs:
        if r["allocator"] not in allocs:
            allocs.append(r["allocator"])
    loads = []
    for r in recs:
        if r["workload"] not in loads:
            loads.append(r["workload"])
    cell = {(r["workload"], r["variant"], r["allocator"]): r["median"]["rss_per_live"] for r in recs}
    host = doc.get("host", {})
    lines = [BEGIN, "",
             "Peak RSS over live bytes (lower is better; 1.00 is no overhead), median of %s runs of "
             "`%s` on %s (%s CPUs), %s:" % (doc.get("reps"), " ".join(doc.get("command", [])),
                                            host.get("cpu_model", "?"), host.get("cpus", "?"),
                                            doc.get("created", "?")[:10]),
             "",
             "| workload | " + " | ".join(allocs) + " | libasrt, rewritten |",
             "|---|" + "---:|" * (len(allocs) + 1)]
    for w in loads:
        row = [("%.2f" % cell[(w, "original", a)]) if (w, "original", a) in cell else "–" for a in allocs]
        rw = cell.get((w, "rewritten", "asrt"))
        row.append("%.2f" % rw if rw is not None else "–")
        lines.append("| %s | %s |" % (w, " | ".join(row)))
    lines += ["", END]
    return "\n".join(lines)


def splice(text, new):
    a, b = text.find(BEGIN), text.find(END)
    if a < 0 or b < a:
        raise ValueError("no results block (%s ... %s)" % (BEGIN, END))
    return text[:a] + new + text[b + len(END):]


def main(argv):
    if len(argv) != 4 or argv[1] not in ("--write", "--check"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[3], encoding="utf-8") as f:
        new = block(json.load(f))
    with open(argv[2], encoding="utf-8") as f:
        text = f.read()
    try:
        out = splice(text, new)
    except ValueError as e:
        print("readme.py: %s: %s" % (argv[2], e), file=sys.stderr)
        return 2
    if argv[1] == "--check":
        if out != text:
            print("readme.py: %s: the results block is not what %s gives; run "
                  "bench/harness/readme.py --write %s %s" % (argv[2], argv[3], argv[2], argv[3]), file=sys.stderr)
            return 1
        return 0
    with open(argv[2], "w", encoding="utf-8") as f:
        f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
