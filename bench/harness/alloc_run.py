"""Builds the allocator suite's programs and runs every program under every
allocator, rounds interleaved (each round visits every cell, in an order
rotated from round to round) so that a burst of load falls on all alike.
Each run is measured from outside: wall time, and peak RSS and minor faults from
GNU time, and its stdout, which must be the same under every allocator. The
machine's load average as the run starts is kept beside it: on a shared
machine a time means little without it."""

import os
import subprocess
import sys
import tempfile

import measure

HERE = os.path.dirname(os.path.abspath(__file__))
ALLOC_DIR = os.path.join(os.path.dirname(HERE), "alloc")
TIME = "/usr/bin/time"  # GNU time (Debian package time, in .ci/deps)
CFLAGS = ["-O2", "-std=c11", "-Wall", "-Wextra", "-D_GNU_SOURCE", "-pthread"]


def progress(msg):
    print(msg, file=sys.stderr, flush=True)


def build(programs, build_dir, work):
    """{label: (argv0 or None, reason)}: suite programs are compiled here,
    seeds taken from the CMake build (their targets bench_*)."""
    out = {}
    for p in programs:
        if p.source.startswith("seed:"):
            exe = os.path.join(build_dir, "bench", p.source[5:])
            out[p.label] = (exe, "") if os.access(exe, os.X_OK) else (
                None, f"{exe} not built (cmake --build {build_dir})")
            continue
        exe = os.path.join(work, p.label)
        src = os.path.join(ALLOC_DIR, p.source)
        proc = subprocess.run([os.environ.get("CC", "cc")] + CFLAGS +
                              ["-o", exe, src], capture_output=True, text=True)
        out[p.label] = (exe, "") if proc.returncode == 0 else (
            None, "build failed: " + measure.tail(proc.stderr))
    return out


def run_once(argv, env_extra, timeout_s, cwd):
    """{wall_s, maxrss_kb, minflt, stdout} of one run; raises
    measure.RunFailed with the reason."""
    env = dict(os.environ)
    for k in ("LD_PRELOAD", "MALLOC_ARENA_MAX"):
        env.pop(k, None)
    env.update(env_extra)
    # GNU time reports the child's own peak: a child forked from this
    # process would count the interpreter's pages it had before exec.
    load1 = round(os.getloadavg()[0], 2)
    with tempfile.NamedTemporaryFile("w+") as usage, \
            tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        status, wall = measure.run_timed([TIME, "-f", "%M %R", "-o", usage.name] + argv,
                                         timeout_s, env=env, cwd=cwd, stdout=out, stderr=err)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
        last = usage.read().strip().splitlines()
    if any(msg in stderr for msg in measure.LOADER_ERRORS):
        raise measure.RunFailed("preload refused by ld.so: " + measure.tail(stderr, 2))
    if status != 0 or not last:
        raise measure.RunFailed(f"exit status {status}: "
                                + measure.tail(stderr + "\n".join(last)))
    maxrss_kb, minflt = (int(x) for x in last[-1].split())
    m = {"wall_s": round(wall, 4), "maxrss_kb": maxrss_kb, "minflt": minflt,
         "load1": load1, "stdout": stdout}
    if "RESULT " in stdout:  # a seed: its final RSS over the bytes it holds
        fields = measure.parse_result(stdout)
        m["final_rss_per_live"] = round(fields["vmrss_kb"] * 1024 / fields["live_bytes"], 4)
    return m


def output_key(stdout):
    """What must match between allocators: the output without the seeds'
    own timing and RSS lines."""
    keep = [line for line in stdout.splitlines()
            if not line.startswith(("RESULT ", "Wall:", "VmRSS", "VmHWM"))]
    return "\n".join(keep)


def run_all(programs, allocs, scale, rounds, build_dir, work, timeout_s):
    """[record]: one per program and allocator, with every round's runs."""
    exes = build(programs, build_dir, work)
    cells = []
    for p in programs:
        for a in allocs:
            exe, reason = exes[p.label]
            cell = {"program": p.label, "allocator": a.label, "runs": [],
                    "status": "ok", "reason": ""}
            if a.skip_reason:
                cell.update(status="skipped", reason=a.skip_reason)
            elif not exe:
                cell.update(status="failed", reason=reason)
            cells.append((p, a, exe, cell))
    live = [c for c in cells if c[3]["status"] == "ok"]
    for r in range(rounds):
        shift = r % max(1, len(allocs))
        for p in programs:
            row = [c for c in live if c[0] is p]
            for prog, a, exe, cell in row[shift:] + row[:shift]:
                if cell["status"] != "ok":
                    continue
                try:
                    m = run_once([exe] + p.args[scale], a.env, timeout_s, work)
                except measure.RunFailed as e:
                    cell.update(status="failed", reason=str(e))
                    progress(f"{p.label}/{a.label}: {e}")
                    continue
                cell["runs"].append(m)
                progress(f"round {r + 1}/{rounds} {p.label:9s} {a.label:12s} "
                         f"{m['wall_s']:7.2f} s {m['maxrss_kb'] / 1024:8.1f} MiB")
    same_output(cells)
    return [c[3] for c in cells]


def same_output(cells):
    """A cell whose output differs from glibc's (or the first ok cell's) in
    some run has failed: speed does not count when the result is wrong."""
    by_program = {}
    for p, a, exe, cell in cells:
        by_program.setdefault(p.label, []).append(cell)
    for group in by_program.values():
        ok = [c for c in group if c["status"] == "ok" and c["runs"]]
        if not ok:
            continue
        want = output_key(ok[0]["runs"][0]["stdout"])
        for c in ok:
            if any(output_key(run["stdout"]) != want for run in c["runs"]):
                c.update(status="failed",
                         reason=f"output differs from {ok[0]['allocator']}'s")
        for c in group:
            for run in c["runs"]:
                run.pop("stdout", None)
