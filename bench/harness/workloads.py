"""The workloads of the matrix, one row each, and their flags per scale.

full: the programs' own defaults (the seeds' shapes, each run under a minute
on two cores); quick: the whole matrix in under three minutes; smoke: the
smallest run that still exercises every cell, for the test suite.
"""

from dataclasses import dataclass, field

SCALES = ("smoke", "quick", "full")
# Repetitions per cell when --reps is not given.
DEFAULT_REPS = {"smoke": 1, "quick": 3, "full": 3}
# A run that takes longer than this is stopped and its cell marked failed.
TIMEOUT_S = {"smoke": 60, "quick": 90, "full": 300}


@dataclass(frozen=True)
class Workload:
    label: str        # the label in the table and the JSON
    lang: str         # "c" (original and rewritten) or "ruby" (original only)
    source: str       # bench/workloads/<source>.c or bench/ruby/<source>.rb
    flags: dict = field(default_factory=dict)  # scale -> list of flags
    ideal: bool = False  # has --ideal=1: the same work without the waste


WORKLOADS = (
    Workload("frag", "c", "bench_frag", {
        "smoke": ["--threads=2", "--requests=3", "--strings=200"],
        "quick": ["--threads=2", "--requests=10", "--strings=500"],
        "full": []}),
    Workload("frag2", "c", "bench_frag2", {
        "smoke": ["--threads=2", "--reads=500", "--window=100"],
        "quick": ["--threads=2", "--reads=5000", "--window=400"],
        "full": []}),
    Workload("duparray", "c", "bench_duparray", {
        "smoke": ["--calls=10000", "--copies=2000", "--passes=2"],
        "quick": ["--calls=200000", "--copies=20000", "--passes=5"],
        "full": []}, ideal=True),
    Workload("realloc-churn", "c", "bench_realloc_churn", {
        "smoke": ["--buffers=2", "--elems=20000"],
        "quick": ["--buffers=4", "--elems=200000"],
        "full": []}, ideal=True),
    Workload("ruby-frag", "ruby", "frag", {
        "smoke": ["--threads=2", "--requests=2", "--strings=200"],
        "quick": ["--threads=2", "--requests=5", "--strings=500"],
        "full": []}),
    Workload("ruby-frag2", "ruby", "frag2", {
        "smoke": ["--threads=2", "--reads=300", "--window=100"],
        "quick": ["--threads=2", "--reads=2000", "--window=400"],
        "full": []}),
    Workload("ruby-duparray", "ruby", "duparray", {
        "smoke": ["--calls=10000", "--copies=2000", "--passes=2"],
        "quick": ["--calls=200000", "--copies=20000", "--passes=5"],
        "full": []}),
    Workload("ruby-realloc-churn", "ruby", "realloc_churn", {
        "smoke": ["--buffers=2", "--elems=20000"],
        "quick": ["--buffers=4", "--elems=200000"],
        "full": []}),
)

# The C sources every C workload is linked with.
COMMON_SOURCES = ("bench_opts.c", "bench_report.c")
COMMON_HEADERS = ("bench_common.h",)
RUBY_COMMON = "bench_common.rb"


# The original program with this flag is the "ideal" variant.
IDEAL_FLAG = "--ideal=1"


def variants(workload):
    """Ruby runs the interpreter as shipped; C also runs after the rewrite,
    and, where the workload has one, as its floor (ideal)."""
    if workload.lang != "c":
        return ("original",)
    return ("original", "rewritten") + (("ideal",) if workload.ideal else ())
