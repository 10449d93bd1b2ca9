"""The programs of the allocator suite (`bench/run alloc`), one row each, and
their arguments per scale. full: each program about a second under glibc on
two cores; smoke: the smallest run that still takes every path, for the test
suite; ir: sizes for valgrind (`bench/run alloc-ir`), tens of millions of
instructions each. Sources are bench/alloc/programs/<name>.c, or a seed workload of
bench/workloads (its own flags)."""

from dataclasses import dataclass

SCALES = ("smoke", "full", "ir")
DEFAULT_ROUNDS = {"smoke": 1, "full": 3}
TIMEOUT_S = {"smoke": 60, "full": 300, "ir": 900}


@dataclass(frozen=True)
class Program:
    label: str
    shape: str   # what it stands for, for the report
    source: str  # "programs/<name>.c" under bench/alloc, or "seed:<bench_x>"
    args: dict   # scale -> argv tail


PROGRAMS = (
    Program("small", "one thread, small objects", "programs/small.c",
            {"smoke": ["20000", "200"], "full": [], "ir": ["300000", "2000"]}),
    Program("large", "5..25 MiB blocks replaced at random", "programs/large.c",
            {"smoke": ["30"], "full": ["200"], "ir": ["10"]}),
    Program("prodcons", "producer/consumer pairs, cross-thread frees",
            "programs/prodcons.c", {"smoke": ["2", "20000"], "full": [], "ir": ["2", "100000"]}),
    Program("pool", "threads swapping blocks through a shared table",
            "programs/pool.c", {"smoke": ["4", "20000"], "full": [], "ir": ["8", "25000"]}),
    Program("mstress", "short-lived threads, mixed sizes and lifetimes",
            "programs/mstress.c", {"smoke": ["8", "2", "2000"], "full": [],
                                   "ir": ["16", "2", "5000"]}),
    Program("threads", "32 threads on few cores, local churn",
            "programs/threads.c", {"smoke": ["8", "5000"], "full": [], "ir": ["32", "10000"]}),
    Program("realloc", "strings and buffers grown by realloc",
            "programs/realloc.c", {"smoke": ["500", "1"], "full": [], "ir": ["2000", "1"]}),
    Program("leak", "steady leak around a churning window",
            "programs/leak.c", {"smoke": ["20000"], "full": [], "ir": ["200000"]}),
    Program("frag", "seed 000: threads keeping scattered strings",
            "seed:bench_frag",
            {"smoke": ["--threads=2", "--requests=3", "--strings=200"],
             "full": ["--threads=4", "--requests=20", "--strings=1000"],
             "ir": ["--threads=4", "--requests=2", "--strings=1000"]}),
    Program("frag2", "seed 002: threads keeping a window of 64 KiB reads",
            "seed:bench_frag2",
            {"smoke": ["--threads=2", "--reads=500", "--window=100"],
             "full": ["--threads=2", "--reads=20000", "--window=1000"],
             "ir": ["--threads=2", "--reads=2000", "--window=1000"]}),
)
