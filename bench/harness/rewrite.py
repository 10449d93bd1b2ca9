"""The rewritten variant's sources: a workload copied to a scratch folder and
rewritten there by `allocscan --rewrite`, with what the rewrite changed.

Nothing is faked: when allocscan or its --rewrite is not there, the caller
gets the reason and marks the cells skipped.
"""

import difflib
import os
import re
import shutil
import subprocess

ASRT_CALL = re.compile(r"\basrt_[a-z_]+\s*\(")
REWRITE_TIMEOUT_S = 300


class RewriteUnavailable(Exception):
    """allocscan or its --rewrite is missing: the cells are skipped."""


class RewriteFailed(Exception):
    """allocscan ran and failed: the cells are failed, with its message."""


def first_lines(text, n=3):
    return " | ".join(line.strip() for line in text.strip().splitlines()[:n])


def copy_sources(src_dir, names, dest):
    os.makedirs(dest, exist_ok=True)
    originals = {}
    for name in names:
        shutil.copyfile(os.path.join(src_dir, name), os.path.join(dest, name))
        with open(os.path.join(dest, name), encoding="utf-8") as f:
            originals[name] = f.read()
    return originals


def asrt_calls(text):
    counts = {}
    for m in ASRT_CALL.finditer(text):
        name = m.group(0).rstrip("( \t")
        counts[name] = counts.get(name, 0) + 1
    return counts


def diff_stats(originals, dest):
    """Per-file hunks and lines changed, and the asrt_* calls the rewrite added."""
    stats = {"files_changed": 0, "hunks": 0, "lines_added": 0,
             "lines_removed": 0, "asrt_calls_added": {}, "files": {}}
    for name, before in sorted(originals.items()):
        with open(os.path.join(dest, name), encoding="utf-8") as f:
            after = f.read()
        if after == before:
            continue
        diff = list(difflib.unified_diff(before.splitlines(), after.splitlines(),
                                         lineterm="", n=0))
        hunks = sum(1 for line in diff if line.startswith("@@"))
        added = sum(1 for line in diff[2:] if line.startswith("+"))
        removed = sum(1 for line in diff[2:] if line.startswith("-"))
        stats["files_changed"] += 1
        stats["hunks"] += hunks
        stats["lines_added"] += added
        stats["lines_removed"] += removed
        stats["files"][name] = {"hunks": hunks, "lines_added": added,
                                "lines_removed": removed}
        old_calls, new_calls = asrt_calls(before), asrt_calls(after)
        for call, count in new_calls.items():
            delta = count - old_calls.get(call, 0)
            if delta > 0:
                total = stats["asrt_calls_added"]
                total[call] = total.get(call, 0) + delta
    stats["sites_changed"] = sum(stats["asrt_calls_added"].values())
    return stats


def knows_rewrite(allocscan):
    """True when `allocscan --help` documents --rewrite."""
    try:
        proc = subprocess.run([allocscan, "--help"], text=True,
                              capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "--rewrite" in proc.stdout + proc.stderr


def rewrite(allocscan, src_dir, names, dest):
    """Copies `names` from src_dir to dest, runs `allocscan --rewrite dest` and
    returns the diff stats. Raises RewriteUnavailable or RewriteFailed."""
    if not os.access(allocscan, os.X_OK):
        raise RewriteUnavailable(f"allocscan not built: {allocscan} missing")
    originals = copy_sources(src_dir, names, dest)
    try:
        proc = subprocess.run([allocscan, "--rewrite", dest], text=True,
                              capture_output=True, timeout=REWRITE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise RewriteFailed(f"allocscan --rewrite timed out after {REWRITE_TIMEOUT_S} s")
    except OSError as err:
        raise RewriteUnavailable(f"cannot run {allocscan}: {err}")
    # 2 is the usage-or-input-error status: an allocscan without --rewrite
    # ends here, and so does one that has it but rejects the input.
    if proc.returncode == 2 and not knows_rewrite(allocscan):
        raise RewriteUnavailable("allocscan --rewrite not available (exit 2: "
                                 f"{first_lines(proc.stderr, 1)})")
    if proc.returncode not in (0, 1):
        raise RewriteFailed(f"allocscan --rewrite exit {proc.returncode}: "
                            f"{first_lines(proc.stderr)}")
    stats = diff_stats(originals, dest)
    stats["allocscan_exit"] = proc.returncode
    return stats
