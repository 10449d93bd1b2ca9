"""Running Ruby scripts on a Ruby built in its build directory (never
installed), for bench/real/profile.

  rubyrun.py profile --ruby BUILD --src SRC --cap SEC --dir OUT LIST
      each workload of LIST under BUILD/ruby with ASRT_PROFILE=OUT/GROUP-NAME.json;
      OUT/runs.json says how each ended
  rubyrun.py compare --stock BUILD --rw BUILD --src SRC --rounds N --out FILE LIST
      each workload of LIST on both builds, interleaved (stock, rewritten,
      stock, ...), N rounds: wall time and peak RSS of every run

LIST is a TSV file: name, group, script, arguments (blank-separated); '#'
starts a comment. A run gets its own scratch directory as working
directory, /dev/null as standard input, and its output in
OUT/GROUP-NAME.log (profile) or is discarded
(compare). At the cap the process gets SIGINT, which rubycap.rb (loaded
first with -r) turns into a normal exit with status 130, so that the
probes write their profile at exit; a process still alive 10 seconds later
is killed (no profile).
CPU time (user + system) and peak RSS are the child's rusage (os.wait4).
"""
import argparse
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "harness"))
from results import write  # noqa: E402  (bench/harness/results.py: atomic JSON)

KILL_AFTER = 10
CAP_RB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rubycap.rb")


def workloads(path):
    out = []
    for line in open(path):
        line = line.rstrip("\n")
        if line and not line.startswith("#"):
            name, group, script, args = (line.split("\t") + [""])[:4]
            out.append({"name": name, "group": group, "script": script, "args": args.split()})
    return out


def command(build, src, w, pre=()):
    """The ruby of BUILD with the source tree's lib and BUILD's extensions
    and rbconfig on the load path (what `make runruby` sets up), the
    options pre, the script and its arguments."""
    arch = [d for d in glob.glob(os.path.join(build, ".ext", "*")) if os.path.basename(d) not in ("common", "include")]
    inc = [os.path.join(src, "lib"), os.path.join(build, ".ext", "common")] + arch + [build]
    argv = [os.path.join(build, "ruby")]
    for d in inc:
        argv += ["-I", d]
    return argv + list(pre) + [w["script"]] + w["args"]


def run(argv, cap, env, log, scratch):
    """Runs argv; returns {status, capped, killed, wall_s, cpu_s (user +
    system), maxrss_kb}."""
    cwd = tempfile.mkdtemp(prefix="wl-", dir=scratch)
    out = open(log, "w") if log else subprocess.DEVNULL
    t0 = time.monotonic()
    p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    state = {"capped": False, "killed": False}

    def interrupt():
        state["capped"] = True
        p.send_signal(signal.SIGINT)

    def kill():
        state["killed"] = True
        p.kill()

    timers = [threading.Timer(cap, interrupt), threading.Timer(cap + KILL_AFTER, kill)] if cap else []
    for t in timers:
        t.start()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    for t in timers:
        t.cancel()
    if log:
        out.close()
    shutil.rmtree(cwd, ignore_errors=True)
    return {"status": p.returncode, "capped": state["capped"], "killed": state["killed"],
            "wall_s": round(wall, 4), "cpu_s": round(ru.ru_utime + ru.ru_stime, 4), "maxrss_kb": ru.ru_maxrss}


def profile(o):
    os.makedirs(o.dir, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="scratch-", dir=o.dir)
    runs = []
    for w in workloads(o.list):
        stem = os.path.join(o.dir, w["group"] + "-" + w["name"])
        prof = stem + ".json"
        if os.path.exists(prof):
            os.remove(prof)
        env = dict(os.environ, ASRT_PROFILE=prof)
        r = run(command(o.ruby, o.src, w, ("-r" + CAP_RB,)), o.cap, env, stem + ".log", scratch)
        r.update(name=w["name"], group=w["group"], script=w["script"], args=w["args"],
                 profile=os.path.basename(prof) if os.path.exists(prof) else None)
        runs.append(r)
        print("profile: %-32s %6.2f s exit %-4s%s%s" % (w["name"], r["wall_s"], r["status"],
                                                   " capped" if r["capped"] else "",
                                                   " no profile" if not r["profile"] else ""), file=sys.stderr)
    shutil.rmtree(scratch, ignore_errors=True)
    write(os.path.join(o.dir, "runs.json"), {"cap_s": o.cap, "ruby": o.ruby, "runs": runs})


def compare(o):
    scratch = tempfile.mkdtemp(prefix="scratch-", dir=os.path.dirname(os.path.abspath(o.out)))
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASRT_")}
    ws = workloads(o.list)
    runs = []
    for rnd in range(1, o.rounds + 1):
        for w in ws:
            for build, label in ((o.stock, "stock"), (o.rw, "rewritten")):
                r = run(command(build, o.src, w), 0, env, None, scratch)
                r.update(name=w["name"], build=label, round=rnd)
                runs.append(r)
                print("compare: round %d %-28s %-9s %6.2f s %7d KB exit %s"
                      % (rnd, w["name"], label, r["wall_s"], r["maxrss_kb"], r["status"]), file=sys.stderr)
    shutil.rmtree(scratch, ignore_errors=True)
    write(o.out, {"rounds": o.rounds, "workloads": ws, "runs": runs})


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("profile")
    for a in ("ruby", "src", "dir"):
        p.add_argument("--" + a, required=True)
    p.add_argument("--cap", type=float, required=True)
    p.add_argument("list")
    c = sub.add_parser("compare")
    for a in ("stock", "rw", "src", "out"):
        c.add_argument("--" + a, required=True)
    c.add_argument("--rounds", type=int, required=True)
    c.add_argument("list")
    o = ap.parse_args()
    profile(o) if o.cmd == "profile" else compare(o)


if __name__ == "__main__":
    main()
