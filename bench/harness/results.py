"""The JSON file of a run: what machine, which allocators, every cell."""

import datetime
import json
import os
import subprocess

SCHEMA = "allocscan-bench/1"


def first_line(argv):
    try:
        proc = subprocess.run(argv, text=True, capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return (proc.stdout or proc.stderr).strip().splitlines()[0] if (
        proc.stdout or proc.stderr).strip() else ""


def proc_field(path, prefix):
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith(prefix):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


def host(ruby):
    return {"uname": " ".join(os.uname()), "cpus": os.cpu_count(),
            "cpu_model": proc_field("/proc/cpuinfo", "model name"),
            "mem_total": proc_field("/proc/meminfo", "MemTotal"),
            "glibc": os.confstr("CS_GNU_LIBC_VERSION") or "",
            "cc": first_line([os.environ.get("CC", "cc"), "--version"]),
            "ruby": first_line([ruby, "-v"]) if ruby else ""}


REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def shown_path(path, build_dir):
    """A path as results show it: under the build directory as
    <build>/..., under the repository relative to its root, so that no file
    names this machine's folders."""
    if path and os.path.isabs(path):
        for base, shown in ((build_dir, "<build>"), (REPO, ".")):
            if not base:
                continue
            rel = os.path.relpath(path, base)
            if rel == ".":
                return shown
            if not rel.startswith(".."):
                return rel if shown == "." else os.path.join(shown, rel)
    return path


def allocator_rows(allocators, build_dir):
    """The allocators of a run, their libraries shown by shown_path."""
    return [{"label": a.label, "library": shown_path(a.library, build_dir), "version": a.version,
             "env": {k: shown_path(v, build_dir) for k, v in a.env.items()},
             "status": "skipped" if a.skip_reason else "ok", "reason": a.skip_reason}
            for a in allocators]


def document(records, allocators, scale, reps, build_dir, ruby, argv):
    return {
        "schema": SCHEMA,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": argv,
        "scale": scale,
        "reps": reps,
        "build_dir": shown_path(build_dir, build_dir),
        "host": host(ruby),
        "allocators": allocator_rows(allocators, build_dir),
        "results": records,
    }


def write(path, doc):
    """Writes atomically: a reader never sees half a file."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)
