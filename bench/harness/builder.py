"""Builds the programs the matrix runs: each C workload as written (original)
and as rewritten by allocscan and linked with libasrt's helpers (rewritten).

Both variants are compiled here by one command with the same flags, so the
only difference between them is the rewrite. The rewritten variant links the
helpers library without the malloc replacement: the allocator of a cell is
chosen by the cell alone (preloaded), the rewrite by the variant alone.
"""

import os
import shutil
import subprocess
from dataclasses import dataclass, field

import rewrite
import workloads

CFLAGS = ["-std=c11", "-O2", "-g", "-Wall", "-Wextra", "-pthread"]
COMPILE_TIMEOUT_S = 300


@dataclass
class Program:
    """A runnable command, or why there is none (skipped or failed)."""
    argv: list = field(default_factory=list)
    status: str = "ok"            # ok, skipped, failed
    reason: str = ""
    rewrite: dict = field(default_factory=dict)


def compiler():
    return os.environ.get("CC", "cc")


def compile_program(src_dir, sources, out, cflags=(), ldflags=()):
    """Compiles; returns (error or "", warnings text)."""
    argv = ([compiler()] + CFLAGS + list(cflags) + ["-I", src_dir]
            + [os.path.join(src_dir, s) for s in sources]
            + ["-o", out] + list(ldflags))
    try:
        proc = subprocess.run(argv, text=True, capture_output=True,
                              timeout=COMPILE_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"cannot run {argv[0]}: {err}", ""
    if proc.returncode != 0:
        return ("compile failed: " + rewrite.first_lines(proc.stderr, 4)), proc.stderr
    return "", proc.stderr


def c_sources(workload):
    return (workload.source + ".c",) + workloads.COMMON_SOURCES


def build_original(repo, workdir, workload):
    src = os.path.join(repo, "bench", "workloads")
    out = os.path.join(workdir, "original", workload.source)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    # our own sources' warnings are the CMake build's business (-Wall -Wextra)
    error, _ = compile_program(src, c_sources(workload), out)
    if error:
        return Program(status="failed", reason=error)
    return Program(argv=[out])


def helpers_library(build_dir):
    """Link flags for libasrt's helpers (no malloc replacement), or None."""
    runtime = os.path.join(build_dir, "runtime")
    shared = os.path.join(runtime, "libasrt_core.so")
    if os.path.exists(shared):
        return ["-L", runtime, "-lasrt_core", "-Wl,-rpath," + runtime]
    static = os.path.join(runtime, "libasrt_core.a")
    if os.path.exists(static):
        return [static]
    return None


def build_rewritten(repo, build_dir, workdir, workload, allocscan):
    src = os.path.join(repo, "bench", "workloads")
    dest = os.path.join(workdir, "rewritten", workload.source)
    shutil.rmtree(dest, ignore_errors=True)
    names = c_sources(workload) + workloads.COMMON_HEADERS
    try:
        stats = rewrite.rewrite(allocscan, src, names, dest)
    except rewrite.RewriteUnavailable as err:
        return Program(status="skipped", reason=str(err))
    except rewrite.RewriteFailed as err:
        return Program(status="failed", reason=str(err))
    include = os.path.join(repo, "runtime", "include")
    ldflags = helpers_library(build_dir)
    if not os.path.exists(os.path.join(include, "asrt", "asrt.h")) or ldflags is None:
        return Program(status="skipped", rewrite=stats,
                       reason=f"libasrt helpers not built: no {include}/asrt/asrt.h or "
                              f"{build_dir}/runtime/libasrt_core.so|.a "
                              f"(cmake --build {build_dir} --target asrt_core)")
    out = os.path.join(dest, workload.source)
    error, warnings = compile_program(dest, c_sources(workload), out,
                                      ["-I", include], ldflags)
    # rewritten code must compile with the project's flags: warnings are kept
    stats["compile_warnings"] = warnings.strip()
    if error:
        return Program(status="failed", reason="rewritten source: " + error,
                       rewrite=stats)
    return Program(argv=[out], rewrite=stats)


def ruby_interpreter():
    """The system ruby (Debian's) first, whatever else is on PATH after."""
    return shutil.which("ruby", path="/usr/bin:/bin") or shutil.which("ruby") or ""


def ruby_program(repo, workload):
    interpreter = ruby_interpreter()
    if not interpreter:
        return Program(status="skipped", reason="ruby not found (Debian package ruby)")
    script = os.path.join(repo, "bench", "ruby", workload.source + ".rb")
    return Program(argv=[interpreter, script])


def ideal_program(original):
    """The original program doing the same work without the waste."""
    return Program(argv=original.argv + [workloads.IDEAL_FLAG] if original.argv else [],
                   status=original.status, reason=original.reason)


def build_all(repo, build_dir, workdir, allocscan, chosen):
    """{(workload label, variant): Program} for every chosen workload and
    variant."""
    programs = {}
    for w in chosen:
        if w.lang == "ruby":
            programs[(w.label, "original")] = ruby_program(repo, w)
            continue
        original = build_original(repo, workdir, w)
        programs[(w.label, "original")] = original
        programs[(w.label, "rewritten")] = build_rewritten(repo, build_dir, workdir,
                                                           w, allocscan)
        if "ideal" in workloads.variants(w):
            programs[(w.label, "ideal")] = ideal_program(original)
    return programs
