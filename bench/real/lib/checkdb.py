"""Check that every entry of the given compile databases preprocesses with
clang (clang -E, output discarded), in parallel. Prints the failures with
clang's first error and exits 1 if any."""
import concurrent.futures
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ccdb  # noqa: E402


def run(e):
    cmd = ccdb.clang_args(e, mode="-E") + ["-o", os.devnull]
    r = subprocess.run(cmd, cwd=e["directory"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    errs = [l for l in r.stderr.splitlines() if "error:" in l]
    return e["file"], r.returncode, errs


def main():
    bad = 0
    total = 0
    for path in sys.argv[1:]:
        db = ccdb.load(path)
        total += len(db)
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
            for f, rc, errs in ex.map(run, db):
                if rc != 0:
                    bad += 1
                    print("checkdb: %s does not preprocess: %s" % (f, errs[0] if errs else "rc %d" % rc))
    print("checkdb: %d of %d TUs preprocess cleanly" % (total - bad, total))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
