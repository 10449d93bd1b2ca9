"""Reads a callgrind output file (valgrind --tool=callgrind, event Ir) into
what the allocator Ir report needs: the total, and for the calls a given
object (the program's executable) makes into the malloc family, the number
of calls and their inclusive Ir (everything the allocator executed on their
behalf, locks and system call wrappers included, kernel time not).

Format: https://valgrind.org/docs/manual/cl-format.html. Names may be
compressed ("fn=(12) malloc" once, "fn=(12)" after); a "calls=" line is
followed by one cost line holding the inclusive cost of those calls."""

import re

# Entry points by side; the allocators' own names for them (tcmalloc's
# tc_malloc, jemalloc's je_malloc, glibc's __libc_malloc) are the same call.
ALLOC_NAMES = ("malloc", "calloc", "realloc", "reallocarray", "posix_memalign",
               "aligned_alloc", "memalign", "valloc", "pvalloc")
FREE_NAMES = ("free", "cfree")
PREFIX = re.compile(r"^(__libc_|__posix_|tc_|je_|mi_)")

NAME_LINE = re.compile(r"^(c?(?:ob|fl|fi|fe|fn))=(?:\((\d+)\))?\s*(.*)$")
SPACES = {"ob": "ob", "cob": "ob", "fn": "fn", "cfn": "fn",
          "fl": "fl", "fi": "fl", "fe": "fl", "cfl": "fl", "cfi": "fl"}


def side(name):
    """"alloc", "free" or None for a callee's name."""
    base = PREFIX.sub("", name)
    if base in ALLOC_NAMES:
        return "alloc"
    if base in FREE_NAMES:
        return "free"
    return None


def parse(path, caller_object):
    """{"total": Ir, "alloc": {"calls", "ir"}, "free": {"calls", "ir"},
    "program_ir": exclusive Ir of caller_object's own code}."""
    names = {"ob": {}, "fn": {}, "fl": {}}
    out = {"total": 0, "program_ir": 0,
           "alloc": {"calls": 0, "ir": 0}, "free": {"calls": 0, "ir": 0}}
    ob = cob = cfn = None
    pending = None  # (side, calls) of a calls= line awaiting its cost line
    in_program = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            m = NAME_LINE.match(line)
            if m:
                kind, ident, text = m.groups()
                space = names[SPACES[kind]]
                if ident is not None:
                    if text:
                        space[ident] = text
                    text = space.get(ident, "")
                if kind == "ob":
                    ob = text
                elif kind == "fn":
                    in_program = ob == caller_object
                    cob = cfn = None
                elif kind == "cob":
                    cob = text
                elif kind == "cfn":
                    cfn = text
                continue
            if line.startswith("calls="):
                calls = int(line.split("=", 1)[1].split()[0])
                which = side(cfn or "") if in_program else None
                pending = (which, calls)
                continue
            if line.startswith("summary:"):
                out["total"] = int(line.split()[1])
                continue
            if line[0] not in "0123456789+-*":
                continue  # headers: version, events, positions, ...
            fields = line.split()
            cost = int(fields[1]) if len(fields) > 1 else 0
            if pending is not None:
                which, calls = pending
                pending = None
                if which:
                    out[which]["calls"] += calls
                    out[which]["ir"] += cost
                cob = cfn = None
            elif in_program:
                out["program_ir"] += cost
    return out
