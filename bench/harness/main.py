"""bench/run: the benchmark matrix from one command
(`bench/run alloc ...`: the allocator suite instead, see alloc_main.py;
`bench/run alloc-ir ...`: its instruction counts, see alloc_ir.py).

Builds the C workloads (as written and rewritten by allocscan), runs every
workload under every allocator `reps` times, prints one table of medians,
and writes the raw runs as JSON and a chart as SVG.
"""

import argparse
import os
import shutil
import sys
import tempfile

import alloc_ir
import alloc_main
import allocators
import builder
import chart
import matrix
import readme
import results
import table
import workloads

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def chosen(parser, what, text, known):
    """The values named in a comma-separated list, in the order of known;
    all of them when the list is not given. An unknown name is a usage
    error."""
    if text is None:
        return list(known.values())
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        parser.error(f"unknown {what} {','.join(unknown) or repr(text)}; "
                     f"known: {','.join(known)}")
    return [v for k, v in known.items() if k in names]


def parse_args(argv):
    p = argparse.ArgumentParser(prog="bench/run", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    size = p.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_const", dest="scale", const="quick",
                      help="small sizes: the whole matrix in under 3 minutes")
    size.add_argument("--smoke", action="store_const", dest="scale", const="smoke",
                      help="smallest sizes, one repetition (for the test suite)")
    p.add_argument("--build", default=os.path.join(REPO, "build"),
                   help="CMake build dir with runtime/libasrt.so and analyzer/allocscan "
                        "(default: %(default)s)")
    p.add_argument("--allocscan", help="allocscan binary (default: BUILD/analyzer/allocscan)")
    p.add_argument("--reps", type=int, help="repetitions per cell (default: 3; smoke: 1)")
    p.add_argument("--json", help="raw results (default: BUILD/bench/results.json)")
    p.add_argument("--chart", help="SVG chart (default: the JSON path with .svg)")
    p.add_argument("--markdown", help="also write the table as Markdown to this file")
    p.add_argument("--readme", help="also rewrite the results block of this README from the run")
    p.add_argument("--keep", action="store_true",
                   help="keep the scratch folder with the built and rewritten programs")
    p.add_argument("--workloads", metavar="LIST",
                   help="only these workloads, comma-separated (default: all: "
                        + ",".join(w.label for w in workloads.WORKLOADS) + ")")
    p.add_argument("--allocators", metavar="LIST",
                   help="only these allocators, comma-separated (default: all: "
                        + ",".join(allocators.LABELS) + ")")
    args = p.parse_args(argv)
    args.workloads = chosen(p, "workload", args.workloads,
                            {w.label: w for w in workloads.WORKLOADS})
    args.allocators = chosen(p, "allocator", args.allocators,
                             {label: label for label in allocators.LABELS})
    args.scale = args.scale or "full"
    args.build = os.path.abspath(args.build)
    if args.reps is None:
        args.reps = workloads.DEFAULT_REPS[args.scale]
    elif args.reps < 1:
        p.error("--reps must be at least 1")
    args.allocscan = args.allocscan or os.path.join(args.build, "analyzer", "allocscan")
    args.json = args.json or os.path.join(args.build, "bench", "results.json")
    args.chart = args.chart or os.path.splitext(args.json)[0] + ".svg"
    return args


def report_programs(programs):
    for (label, variant), prog in programs.items():
        if prog.status != "ok":
            matrix.progress(f"build {label}/{variant}: {prog.status}: {prog.reason}")
        elif prog.rewrite:
            r = prog.rewrite
            matrix.progress(f"build {label}/{variant}: rewrite changed {r['hunks']} hunks, "
                            f"asrt calls added {r['asrt_calls_added']}")


def main(argv):
    if argv[:1] == ["alloc"]:
        return alloc_main.main(argv[1:])
    if argv[:1] == ["alloc-ir"]:
        return alloc_ir.main(argv[1:])
    args = parse_args(argv)
    work = tempfile.mkdtemp(prefix="allocscan-bench-")
    try:
        matrix.progress(f"bench: scale {args.scale}, {args.reps} reps, build {args.build}")
        allocs = [a for a in allocators.resolve(args.build)
                  if a.label in args.allocators]
        for a in allocs:
            if a.skip_reason:
                matrix.progress(f"allocator {a.label}: skipped: {a.skip_reason}")
        programs = builder.build_all(REPO, args.build, work, args.allocscan,
                                     args.workloads)
        report_programs(programs)
        records = matrix.run_all(programs, allocs, args.workloads, args.scale,
                                 args.reps, work)
    finally:
        if args.keep:
            matrix.progress(f"scratch folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    ruby = builder.ruby_interpreter()
    results.write(args.json, results.document(records, allocs, args.scale, args.reps,
                                              args.build, ruby,
                                              ["bench/run"] + [results.shown_path(a, args.build) for a in argv]))
    with open(args.chart, "w", encoding="utf-8") as f:
        f.write(chart.render(records, f"allocscan bench ({args.scale}, median of "
                                      f"{args.reps}): RSS and wall per allocator"))
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(table.render(records, markdown=True) + "\n")
    if args.readme:
        readme.main(["readme.py", "--write", args.readme, args.json])
    print(table.render(records))
    print(f"\nJSON: {args.json}\nchart: {args.chart}")
    failed = [r for r in records if r["status"] == "failed"]
    if failed:
        print(f"{len(failed)} cells failed", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
