"""bench/real/profile's helpers: lib/rubyrun.py turns the cap's SIGINT into
a normal exit (status 130; Ruby alone dies of the signal, and no C exit
handler, where the probes write, would run) and leaves a finished script
alone; lib/profreport.py pick chooses the workloads by their measured cost
at rewritten sites only, joining profile sites to findings by line, rule,
hash and path suffix, never by a site whose hash differs.
usage: profile_check.py SOURCE_DIR RUBY"""
import json
import os
import subprocess
import sys
import tempfile

SRC, RUBY = sys.argv[1], sys.argv[2]
LIB = os.path.join(SRC, "bench", "real", "lib")
errors = []


def check(what, got, want):
    if got != want:
        errors.append("%s: got %r, want %r" % (what, got, want))


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


with tempfile.TemporaryDirectory() as d:
    # A "build directory" whose ruby is the system's: rubyrun runs BUILD/ruby.
    build = os.path.join(d, "build")
    os.makedirs(os.path.join(build, ".ext", "common"))
    os.symlink(RUBY, os.path.join(build, "ruby"))
    write(os.path.join(d, "slow.rb"), "sleep 60\n")
    write(os.path.join(d, "quick.rb"), "puts ARGV.join(',')\n")
    write(os.path.join(d, "list.tsv"), "# comment\nslow\tg\t%s\t\nquick\tg\t%s\ta b\n"
          % (os.path.join(d, "slow.rb"), os.path.join(d, "quick.rb")))
    out = os.path.join(d, "out")
    subprocess.run([sys.executable, os.path.join(LIB, "rubyrun.py"), "profile", "--ruby", build, "--src", d,
                    "--cap", "5", "--dir", out, os.path.join(d, "list.tsv")], check=True, stderr=subprocess.DEVNULL)
    runs = {r["name"]: r for r in json.load(open(os.path.join(out, "runs.json")))["runs"]}
    check("slow: status, capped, killed", (runs["slow"]["status"], runs["slow"]["capped"], runs["slow"]["killed"]),
          (130, True, False))
    check("quick: status, capped", (runs["quick"]["status"], runs["quick"]["capped"]), (0, False))
    check("quick: its arguments", open(os.path.join(out, "g-quick.log")).read(), "a,b\n")

    # pick: w1 reaches the rewritten site (through a longer path), w2 only the
    # manual one, w3 the rewritten site's line with another hash.
    finding = {"file": "/src/dir.c", "line": 10, "rule": "alloc-copy", "value": 50}
    ranked = {"findings": [dict(finding, fix="memdup", edits=[{}], site_id="dir.c:10:alloc-copy#aaaa"),
                           dict(finding, line=20, fix="manual", site_id="dir.c:20:alloc-copy#bbbb")]}
    write(os.path.join(d, "ranked.json"), json.dumps(ranked))
    profiles = {"w1": [("tree/dir.c:10:alloc-copy#aaaa", 5), ("dir.c:20:alloc-copy#bbbb", 1000)],
                "w2": [("dir.c:20:alloc-copy#bbbb", 9000)],
                "w3": [("dir.c:10:alloc-copy#cccc", 9000)],
                "w4": [("dir.c:10:alloc-copy#aaaa", 50)]}
    pdir = os.path.join(d, "profiles")
    os.makedirs(pdir)
    rs = []
    for name, sites in profiles.items():
        write(os.path.join(pdir, name + ".json"), json.dumps(
            {"asrt_profile": 1, "runs": 1, "sites": [{"site": s, "allocs": 1, "bytes_copied": c} for s, c in sites]}))
        rs.append({"name": name, "group": "g", "status": 0, "capped": False, "profile": name + ".json"})
    write(os.path.join(d, "runs.json"), json.dumps({"runs": rs}))
    write(os.path.join(d, "wl.tsv"), "".join("%s\tg\t/x/%s.rb\t\n" % (n, n) for n in profiles))
    for n, want in ((5, ["w1", "w4"]), (1, ["w4"])):
        got = subprocess.run([sys.executable, os.path.join(LIB, "profreport.py"), "pick",
                              "--ranked", os.path.join(d, "ranked.json"), "--runs", os.path.join(d, "runs.json"),
                              "--profiles", pdir, "--list", os.path.join(d, "wl.tsv"), "-n", str(n)],
                             check=True, capture_output=True, text=True).stdout
        check("pick -n %d" % n, [line.split("\t")[0] for line in got.splitlines()], want)

for e in errors:
    print("error: " + e)
sys.exit(1 if errors else 0)
