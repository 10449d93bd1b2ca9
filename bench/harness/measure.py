"""One run of one program: its RESULT line, plus wall and CPU time measured
from outside (so startup and exit count the same for C and Ruby)."""

import os
import resource
import subprocess
import tempfile
import threading
import time

# Said by ld.so when it cannot preload a library and goes on without it.
LOADER_ERRORS = ("cannot be preloaded", "cannot open shared object")


class RunFailed(Exception):
    pass


def parse_result(stdout):
    """The key=value pairs of the last RESULT line; numbers become numbers."""
    lines = [line for line in stdout.splitlines() if line.startswith("RESULT ")]
    if not lines:
        raise RunFailed("no RESULT line in the output")
    fields = {}
    for item in lines[-1].split()[1:]:
        key, sep, value = item.partition("=")
        if not sep:
            continue
        try:
            fields[key] = int(value)
        except ValueError:
            try:
                fields[key] = float(value)
            except ValueError:
                fields[key] = value
    for key in ("live_bytes", "vmrss_kb", "vmhwm_kb"):
        if not isinstance(fields.get(key), int):
            raise RunFailed(f"RESULT line lacks {key}")
    return fields


def run_timed(argv, timeout_s, **popen_args):
    """(exit status, wall seconds) of argv. subprocess.run with a timeout
    polls the child with sleeps of up to 50 ms, which rounded every wall
    time up to that step; here the wait blocks and a timer kills the child
    at the limit. Raises RunFailed when it had to."""
    proc = subprocess.Popen(argv, **popen_args)
    expired = threading.Event()

    def kill():
        expired.set()
        proc.kill()

    timer = threading.Timer(timeout_s, kill)
    t0 = time.monotonic()
    timer.start()
    try:
        status = proc.wait()
    finally:
        timer.cancel()
    wall = time.monotonic() - t0
    if expired.is_set():
        raise RunFailed(f"timed out after {timeout_s} s")
    return status, wall


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def tail(text, n=5):
    return " | ".join(text.strip().splitlines()[-n:])


def run(argv, env_extra, timeout_s, cwd):
    """Runs argv with env_extra added; returns the metrics of the run.
    Raises RunFailed with the reason. Runs are sequential, so the change in
    the children's CPU time is this run's."""
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    env.pop("MALLOC_ARENA_MAX", None)
    env.update(env_extra)
    env.setdefault("TMPDIR", cwd)
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        cpu0 = children_cpu()
        try:
            status, wall = run_timed(argv, timeout_s, env=env, cwd=cwd, stdout=out,
                                     stderr=err)
        except OSError as e:
            raise RunFailed(f"cannot run {argv[0]}: {e}")
        cpu = children_cpu() - cpu0
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if any(msg in stderr for msg in LOADER_ERRORS):
        raise RunFailed("preload refused by ld.so: " + tail(stderr, 2))
    if status < 0:
        raise RunFailed(f"killed by signal {-status}: {tail(stderr)}")
    if status != 0:
        raise RunFailed(f"exit status {status}: {tail(stderr)}")
    fields = parse_result(stdout)
    metrics = {
        "live_bytes": fields.pop("live_bytes"),
        "vmrss_kb": fields.pop("vmrss_kb"),
        "vmhwm_kb": fields.pop("vmhwm_kb"),
        "wall_s": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "program_wall_s": fields.pop("wall_s", None),
        "program_cpu_s": fields.pop("cpu_s", None),
    }
    fields.pop("workload", None)
    metrics["extra"] = fields
    return metrics
