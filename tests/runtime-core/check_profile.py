#!/usr/bin/env python3
"""check_profile.py PROBE_PROG [PRELOAD] — the ASRT_PROFILE file the probes write at
exit (docs/runtime-api.md, "Probes and profiles"): exact counts from many
threads, %p and %%, the merge of many processes into one file, an existing
file that is no profile kept, a forked child's own counts, the line for an
unwritable path, the empty profile of a program that never probed and the
existing file it leaves alone, and a profile reached through a link.
With PRELOAD (libasrt.so, for a program linked with libasrt_core.so) two
copies of the probes are loaded and only the one that counted writes."""
import json
import os
import subprocess
import sys
import tempfile

PROG = sys.argv[1]
if len(sys.argv) > 2:
    os.environ["LD_PRELOAD"] = sys.argv[2]
FIELDS = ["allocs", "bytes_alloc", "copies", "bytes_copied", "reallocs",
          "bytes_realloc", "moves", "bytes_moved", "dups", "bytes_dup",
          "largest"]
failures = 0


def expect(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)


def run(value, *args):
    """Runs the program with ASRT_PROFILE=value: (pids printed, stderr)."""
    env = dict(os.environ, ASRT_PROFILE=value)
    p = subprocess.run([PROG, *args], env=env, capture_output=True, text=True,
                       check=False)
    expect(p.returncode == 0, f"{args}: exit status {p.returncode}")
    return [int(x) for x in p.stdout.split()], p.stderr


def load(path):
    """The profile at path, checked for its form: {site: record}."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    expect(text.endswith("}\n"), f"{path} ends with a newline")
    doc = json.loads(text)
    expect(list(doc) == ["asrt_profile", "pid", "runs", "sites"],
           f"{path}: keys {list(doc)}")
    expect(doc["asrt_profile"] == 1, "version 1")
    sites = {}
    for s in doc["sites"]:
        expect(list(s) == ["site"] + FIELDS, f"record keys {list(s)}")
        expect(any(s[f] for f in FIELDS), f"{s['site']} counted something")
        sites[s["site"]] = s
    return doc, sites


def counts(record, **want):
    """record's fields: the ones named in want, zero for the others."""
    return all(record[f] == want.get(f, 0) for f in FIELDS)


with tempfile.TemporaryDirectory() as d:
    # Eight threads, three sites: exact counts once all have joined.
    path = os.path.join(d, "threads.json")
    (pid,), err = run(path, "threads", "1000")
    doc, sites = load(path)
    expect(err == "", f"quiet run, got {err!r}")
    expect(doc["pid"] == pid and doc["runs"] == 1, "pid and runs of one run")
    expect(sorted(sites) == ["prog.c:1:alloc-copy#1", "prog.c:2:alloc-copy#2",
                             "prog.c:3:dup-call#3"], f"sites {sorted(sites)}")
    expect(counts(sites["prog.c:1:alloc-copy#1"], allocs=8000,
                  bytes_alloc=64000, largest=8), "alloc counts")
    expect(counts(sites["prog.c:2:alloc-copy#2"], copies=8000,
                  bytes_copied=8000 * 1000, largest=1000), "copy counts")
    expect(counts(sites["prog.c:3:dup-call#3"], dups=8000, bytes_dup=32000,
                  largest=4), "dup counts")

    # A second run merges into the same file: sums, a maximum, two runs.
    (pid2,), err = run(path, "threads", "10")
    doc, sites = load(path)
    expect(err == "", f"quiet merge, got {err!r}")
    expect(doc["pid"] == pid2 and doc["runs"] == 2, "last writer, two runs")
    expect(counts(sites["prog.c:2:alloc-copy#2"], copies=8080,
                  bytes_copied=8000 * 1000 + 80 * 10, largest=1000),
           "merged copy counts")

    # Many processes at once: none of them is lost.
    path = os.path.join(d, "many.json")
    env = dict(os.environ, ASRT_PROFILE=path)
    procs = [subprocess.Popen([PROG, "threads", "5"], env=env,
                              stdout=subprocess.DEVNULL) for _ in range(16)]
    expect(all(p.wait() == 0 for p in procs), "16 parallel runs")
    doc, sites = load(path)
    expect(doc["runs"] == 16, f"16 runs merged, got {doc['runs']}")
    expect(sites["prog.c:1:alloc-copy#1"]["allocs"] == 16 * 8 * 5,
           "parallel counts add up")
    expect(not [f for f in os.listdir(d) if f.endswith(".tmp")],
           "no temporary file left")

    # Threads one after another, each counting on the counters the one
    # before it left: exact counts, nothing counted twice.
    path = os.path.join(d, "serial.json")
    run(path, "serial", "200")
    doc, sites = load(path)
    expect(sorted(sites) == ["prog.c:1:alloc-copy#1", "prog.c:3:dup-call#3"],
           f"serial sites {sorted(sites)}")
    expect(counts(sites["prog.c:1:alloc-copy#1"], allocs=200,
                  bytes_alloc=1600, largest=8), "serial alloc counts")
    expect(counts(sites["prog.c:3:dup-call#3"], dups=100, bytes_dup=400,
                  largest=4), "serial dup counts")

    # %p is the pid, %% a percent sign; no merge with %p.
    (pid,), _ = run(os.path.join(d, "p-%p-%%.json"), "threads", "1")
    doc, _ = load(os.path.join(d, f"p-{pid}-%.json"))
    expect(doc["pid"] == pid and doc["runs"] == 1, "%p file")

    # A forked child writes its own counts only.
    parent, child = run(os.path.join(d, "fork-%p.json"), "fork")[0]
    _, psites = load(os.path.join(d, f"fork-{parent}.json"))
    _, csites = load(os.path.join(d, f"fork-{child}.json"))
    expect(sorted(psites) == ["prog.c:parent"], f"parent's {sorted(psites)}")
    expect(sorted(csites) == ["prog.c:child"], f"child's {sorted(csites)}")

    # An existing file that is no profile is kept; ours goes beside it.
    for name, text in [("junk", "not a profile\n"),
                       ("cut", '{"asrt_profile": 1, "pid": 1, "runs": 1, '
                               '"sites": [\n'),
                       ("other", '{"asrt_profile": 2, "pid": 1, "runs": 1, '
                                 '"sites": []}\n')]:
        path = os.path.join(d, name + ".json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        (pid,), err = run(path, "threads", "1")
        with open(path, encoding="utf-8") as f:
            expect(f.read() == text, f"{name}: the file is kept")
        side = f"{path}.{pid}"
        expect(err == f"asrt: ASRT_PROFILE file {path} is not a profile; "
                      f"kept it and wrote {side}\n", f"{name}: {err!r}")
        doc, sites = load(side)
        expect(doc["runs"] == 1 and len(sites) == 3, f"{name}: ours beside")

    # No probe ran and no file: an empty profile is written.
    path = os.path.join(d, "none.json")
    (pid,), _ = run(path, "none")
    doc, sites = load(path)
    expect(doc["pid"] == pid and sites == {}, "empty profile")
    with open(path, encoding="utf-8") as f:
        expect(f.read() == f'{{"asrt_profile": 1, "pid": {pid}, "runs": 1, '
                           '"sites": []}\n', "empty profile text")

    # A process that counted nothing leaves a file there as it is: the same
    # file (no lock, no rewrite), its text and time unchanged; one that
    # counted still merges into it.
    before = os.stat(path)
    (pid2,), err = run(path, "none")
    after = os.stat(path)
    expect(err == "", f"quiet run with nothing counted, got {err!r}")
    expect((after.st_ino, after.st_mtime_ns, after.st_size) ==
           (before.st_ino, before.st_mtime_ns, before.st_size),
           "nothing counted: the profile untouched")
    doc, sites = load(path)
    expect(doc["pid"] == pid and doc["runs"] == 1, "nothing counted: runs kept")
    (pid2,), _ = run(path, "threads", "2")
    doc, sites = load(path)
    expect(doc["pid"] == pid2 and doc["runs"] == 2 and len(sites) == 3,
           "counted: merged after a run that counted nothing")
    expect(os.stat(path).st_ino != before.st_ino, "merged: a new file")
    # Nor a file that is no profile: kept, nothing beside it, no line.
    junk = os.path.join(d, "junk.json")
    listing = sorted(os.listdir(d))
    _, err = run(junk, "none")
    expect(err == "", f"nothing counted beside junk: {err!r}")
    expect(sorted(os.listdir(d)) == listing, "nothing counted: no file beside junk")
    with open(junk, encoding="utf-8") as f:
        expect(f.read() == "not a profile\n", "junk kept")

    # A symbolic link to the profile: the file it names is merged, the link
    # stays a link.
    target = os.path.join(d, "target.json")
    link = os.path.join(d, "link.json")
    run(target, "threads", "1")
    os.symlink(target, link)
    (pid3,), err = run(link, "threads", "1")
    expect(err == "", f"through a link: {err!r}")
    expect(os.path.islink(link), "the link stays a link")
    doc, sites = load(target)
    expect(doc["pid"] == pid3 and doc["runs"] == 2, "merged through the link")
    expect(not [f for f in os.listdir(d) if f.endswith(".tmp")],
           "no temporary file left")

    # An unwritable path: one line, and the program's own status.
    path = os.path.join(d, "no-such-dir", "x.json")
    _, err = run(path, "threads", "1")
    expect(err == f"asrt: cannot write ASRT_PROFILE file {path}: "
                  "No such file or directory\n", f"unwritable: {err!r}")

    # A device: written, not merged.
    _, err = run("/dev/null", "threads", "1")
    expect(err == "", f"/dev/null: {err!r}")

print("failures:", failures)
sys.exit(1 if failures else 0)
