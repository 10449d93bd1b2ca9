"""The allocators of the matrix and how each is put under a process.

A preloaded library that is missing or that the dynamic loader refuses is
reported as skipped with the reason, never silently replaced by glibc: each
library is checked to be mapped into a probe process before it is used.
"""

import glob
import os
import subprocess
from dataclasses import dataclass


@dataclass
class Allocator:
    label: str
    env: dict            # variables added to the run's environment
    library: str = ""    # the preloaded file, "" for glibc
    version: str = ""
    skip_reason: str = ""


# label, shared object name, Debian package that ships it
SYSTEM_PRELOADS = (
    ("jemalloc", "libjemalloc.so.2", "libjemalloc2"),
    ("mimalloc", "libmimalloc.so.2", "libmimalloc2.0"),
    ("tcmalloc", "libtcmalloc_minimal.so.4", "libtcmalloc-minimal4"),
)
# Every allocator of the matrix, in table order (resolve gives them all).
LABELS = ("glibc", "glibc-arena2") + tuple(p[0] for p in SYSTEM_PRELOADS) + ("asrt",)
LIBRARY_DIRS = ("/usr/lib/*-linux-gnu", "/lib/*-linux-gnu", "/usr/lib64",
                "/usr/lib", "/usr/local/lib")


def find_library(soname):
    for pattern in LIBRARY_DIRS:
        for d in sorted(glob.glob(pattern)):
            path = os.path.join(d, soname)
            if os.path.exists(path):
                return os.path.realpath(path)
    return ""


def probe_preload(library):
    """Returns "" when the loader maps `library` into a child, else why not."""
    env = dict(os.environ, LD_PRELOAD=library)
    try:
        proc = subprocess.run(["cat", "/proc/self/maps"], env=env, text=True,
                              capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"probe failed: {err}"
    real = os.path.realpath(library)
    if real in proc.stdout or library in proc.stdout:
        return ""
    first = proc.stderr.strip().splitlines()
    return "not loaded by ld.so" + (f": {first[0]}" if first else "")


def package_version(package):
    try:
        proc = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                              text=True, capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return f"{package} {proc.stdout.strip()}" if proc.returncode == 0 else ""


def preloaded(label, library, missing_reason, version=""):
    if not library or not os.path.exists(library):
        return Allocator(label, {}, library, skip_reason=missing_reason)
    reason = probe_preload(library)
    return Allocator(label, {"LD_PRELOAD": library}, library,
                     version or os.path.basename(os.path.realpath(library)), reason)


def resolve(build_dir):
    """All six allocators in table order, each ready or with a skip reason."""
    glibc = os.confstr("CS_GNU_LIBC_VERSION") or "glibc"
    result = [Allocator("glibc", {}, version=glibc),
              Allocator("glibc-arena2", {"MALLOC_ARENA_MAX": "2"}, version=glibc)]
    for label, soname, package in SYSTEM_PRELOADS:
        result.append(preloaded(label, find_library(soname),
                                f"{soname} not found (Debian package {package})",
                                package_version(package)))
    asrt = os.path.join(build_dir, "runtime", "libasrt.so")
    result.append(preloaded("asrt", asrt,
                            f"libasrt not built: {asrt} missing "
                            f"(cmake --build {build_dir} --target asrt)"))
    return result
