#!/usr/bin/env python3
"""probesyscalls.py — runs bench/real/probe-syscalls' cases and writes its
report: per process, the system calls (perf's raw_syscalls:sys_enter, and
by name from strace -f -c), the page faults, and the disk writes the
process starts itself (ext4:ext4_writepages, block:block_rq_issue), of
each instrumented case against its plain program. Counts, not times: the
machine's load does not move them."""
import argparse
import datetime
import json
import os
import subprocess
import sys

EVENTS = [("syscalls", "raw_syscalls:sys_enter"), ("faults", "page-faults"),
          ("writepages", "ext4:ext4_writepages"),
          ("disk_requests", "block:block_rq_issue")]


def available(event):
    """perf can count event here (ext4's exist only where ext4 is)."""
    p = subprocess.run(["perf", "stat", "-x,", "-e", event, "--", "true"],
                       capture_output=True, text=True, check=False)
    return p.returncode == 0 and "not supported" not in p.stderr \
        and "<not counted>" not in p.stderr


def perf_counts(cmd, env, runs, events, out):
    """Means over runs of each event, per process."""
    subprocess.run(["perf", "stat", "-x,", "-r", str(runs), "-o", out,
                    "-e", ",".join(e for _, e in events), "--", *cmd],
                   env=env, stdout=subprocess.DEVNULL, check=True)
    got = {}
    with open(out, encoding="utf-8") as f:
        for line in f:
            parts = line.strip().split(",")
            if len(parts) < 3 or line.startswith("#"):
                continue
            for key, event in events:
                if parts[2] == event:
                    got[key] = float(parts[0]) if parts[0][:1].isdigit() else None
    return got


def strace_counts(cmd, env, out):
    """{syscall: [calls, errors]} of one run, every thread and child."""
    subprocess.run(["strace", "-f", "-qq", "-c", "-U", "name,calls,errors",
                    "-o", out, "--", *cmd],
                   env=env, stdout=subprocess.DEVNULL, check=True)
    counts = {}
    with open(out, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) < 2 or not parts[1].isdigit() or parts[0] == "total":
                continue
            counts[parts[0]] = [int(parts[1]),
                                int(parts[2]) if len(parts) > 2 else 0]
    return counts


def shown(path, d):
    """A path as the results show it: under the work folder's parent
    ($ALLOCSCAN_WORK) as $ALLOCSCAN_WORK/..., else its last two parts, so
    that no file names this machine's folders."""
    if not os.path.isabs(path):
        return path
    work = os.path.dirname(os.path.abspath(d))
    rel = os.path.relpath(path, work)
    if not rel.startswith(".."):
        return os.path.join("$ALLOCSCAN_WORK", rel)
    return os.path.join("...", *path.rstrip("/").split("/")[-2:])


def main():
    ap = argparse.ArgumentParser()
    for opt in ("--dir", "--stock", "--instr", "--libdir", "--rev", "--json",
                "--md", "--command", "--machine"):
        ap.add_argument(opt, required=True)
    ap.add_argument("--runs", type=int, required=True)
    ap.add_argument("--ruby", type=int, required=True)
    a = ap.parse_args()
    d = a.dir
    events = [(k, e) for k, e in EVENTS if available(e)]
    base = {k: v for k, v in os.environ.items()
            if k not in ("ASRT_PROFILE", "ASRT_STATS", "LD_PRELOAD")}
    prof = os.path.join(d, "profile.json")
    lib_env = dict(base, LD_LIBRARY_PATH=a.libdir)
    # (name, program, plain case it is compared with, command, env, seed):
    # seed runs the command once first so that the profile exists.
    cases = [
        ("C, plain", "C", None, [f"{d}/plain", "3"], base, False),
        ("C, instrumented, no ASRT_PROFILE", "C", "C, plain",
         [f"{d}/instr", "3"], base, False),
        ("C, instrumented, merging into a profile", "C", "C, plain",
         [f"{d}/instr", "3"], dict(base, ASRT_PROFILE=prof), True),
        ("C, instrumented, no probe reached, a profile there", "C",
         "C, plain", [f"{d}/instr", "0"], dict(base, ASRT_PROFILE=prof),
         True),
        ("C, instrumented, libasrt_core.a, no ASRT_PROFILE", "C", "C, plain",
         [f"{d}/instr-static", "3"], base, False),
        ("C, instrumented, libasrt_core.a, merging into a profile", "C",
         "C, plain", [f"{d}/instr-static", "3"],
         dict(base, ASRT_PROFILE=prof), True),
        ("C, 100 threads one after another, plain", "C", None,
         [f"{d}/plain", "3", "100"], base, False),
        ("C, 100 threads one after another, instrumented, no ASRT_PROFILE",
         "C", "C, 100 threads one after another, plain",
         [f"{d}/instr", "3", "100"], base, False),
    ]
    if a.ruby:
        rprof = os.path.join(d, "ruby-profile.json")
        ruby = ["--disable-gems", "-e", "1"]
        cases += [
            ("Ruby, stock", "Ruby", None, [a.stock, *ruby], lib_env, False),
            ("Ruby, instrumented, no ASRT_PROFILE", "Ruby", "Ruby, stock",
             [a.instr, *ruby], lib_env, False),
            ("Ruby, instrumented, merging into a profile", "Ruby",
             "Ruby, stock", [a.instr, *ruby],
             dict(lib_env, ASRT_PROFILE=rprof), True),
        ]
    start = datetime.datetime.now(datetime.timezone.utc).isoformat(
        timespec="seconds")
    rows = []
    for i, (name, prog, plain, cmd, env, seed) in enumerate(cases):
        if seed:
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)
        counts = perf_counts(cmd, env, a.runs, events,
                             os.path.join(d, f"perf-{i}.txt"))
        by_name = strace_counts(cmd, env, os.path.join(d, f"strace-{i}.txt"))
        rows.append({"case": name, "program": prog, "plain": plain,
                     "command": [shown(x, d) for x in cmd],
                     "profile": "ASRT_PROFILE" in env, **counts,
                     "by_syscall": by_name})
        print(f"probe-syscalls: {name}: " + ", ".join(
            f"{k} {counts.get(k)}" for k, _ in events), file=sys.stderr)
    doc = {"command": a.command, "date": start, "machine": a.machine,
           "library": {"dir": shown(a.libdir, d), "commit": a.rev}, "runs": a.runs,
           "events": dict(events), "cases": rows}
    with open(a.json, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    write_md(doc, a.md, os.path.basename(a.json))


def fmt(v):
    if v is None:
        return "n/a"
    return f"{v:.1f}" if v != int(v) else f"{int(v)}"


def extra(v, p):
    if v is None or p is None:
        return "n/a"
    x = v - p
    return ("+" if x >= 0 else "") + fmt(x)


def write_md(doc, path, json_name):
    keys = [k for k, _ in EVENTS if k in doc["events"]]
    head = {"syscalls": "system calls", "faults": "page faults",
            "writepages": "writebacks started", "disk_requests": "disk requests"}
    by = {r["case"]: r for r in doc["cases"]}
    out = [
        "# What the probes cost each process in the kernel",
        "",
        f"Written by `{doc['command']}` on {doc['date']}; the data is in "
        f"[{json_name}]({json_name}).",
        f"Machine: {doc['machine']}. Library: `{doc['library']['dir']}`, "
        f"built from commit {doc['library']['commit']}.",
        "",
        "Counts per process, which the machine's load does not move: system "
        "calls and page faults (perf stat, the mean of "
        f"{doc['runs']} runs), and the disk writes the process itself starts "
        "(`ext4:ext4_writepages`, `block:block_rq_issue`). Each "
        "instrumented case is compared with its plain program: a small C "
        "program with one alloc-copy site (reached 3 times, or not at all) "
        "instrumented by `allocscan --instrument` and linked with "
        "libasrt_core.so as bench/real/profile links Ruby (or with "
        "libasrt_core.a), and Ruby 3.1 "
        "running `-e 1`. The merging cases add to a profile an earlier run "
        "wrote; in the threads' cases the C program also copies once in "
        "each of 100 threads started one after another.",
        "",
        "| case | " + " | ".join(head[k] for k in keys) + " | "
        + " | ".join("more " + head[k] for k in keys) + " |",
        "|---|" + "---:|" * (2 * len(keys)),
    ]
    for r in doc["cases"]:
        p = by.get(r["plain"]) if r["plain"] else None
        out.append(f"| {r['case']} | " + " | ".join(fmt(r.get(k)) for k in keys)
                   + " | " + " | ".join(extra(r.get(k), p.get(k)) if p else ""
                                        for k in keys) + " |")
    out += ["", "System calls by name that differ from the plain program "
            "(one run under `strace -f -c`: calls, failed in brackets):", ""]
    for r in doc["cases"]:
        if not r["plain"]:
            continue
        p = by[r["plain"]]["by_syscall"]
        diff = []
        for name in sorted(set(p) | set(r["by_syscall"])):
            c, e = r["by_syscall"].get(name, [0, 0])
            pc, pe = p.get(name, [0, 0])
            if (c, e) != (pc, pe):
                diff.append(f"{name} {c - pc:+d}"
                            + (f" ({e - pe:+d})" if e != pe else ""))
        out.append(f"- {r['case']}: " + (", ".join(diff) if diff else "none"))
    out.append("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
