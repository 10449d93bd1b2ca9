"""Failures in the logs of Ruby's `make test` and `make test-all`.

  rubytests.py failures LOG            one failing test a line
  rubytests.py added STOCK-LOG RW-LOG  the test files of failures RW-LOG has
                                       and STOCK-LOG has not (for a rerun)

make test: btest prints "#N FILE.rb:LINE..." for each failing test
(numbered, so the same test has the same name in two runs) and test-basic
"not ok N"; test-all ends with numbered "N) Failure:" / "N) Error:" blocks,
each followed by "Class#test_name [FILE:LINE]:" or "Class#test_name:".
"""
import re
import sys

BTEST = re.compile(r"^#(\d+) (\S+?\.rb):(\d+)")
BASIC = re.compile(r"^not ok/?\s*(\d+)?")
BLOCK = re.compile(r"^\s*\d+\) (Failure|Error):\s*$")
PATH = re.compile(r"([^\s\[]*test/[^\s\[:]+\.rb):\d+")
SUMMARY = re.compile(r"^(\d+) tests, (\d+) assertions, (\d+) failures, (\d+) errors, (\d+) skips")


def parse(path):
    """Returns ({name: test file or None}, summary dict)."""
    lines = open(path, errors="replace").read().splitlines()
    fails, summary = {}, {}
    for i, line in enumerate(lines):
        m = BTEST.match(line)
        if m:
            fails["btest #%s %s:%s" % m.groups()] = None
            continue
        m = BASIC.match(line)
        if m:
            fails["test-basic " + line.strip()] = None
            continue
        m = SUMMARY.match(line)
        if m:
            summary = dict(zip(("tests", "assertions", "failures", "errors", "skips"),
                               (int(g) for g in m.groups())))
            continue
        if line.startswith("exit "):
            summary["exit"] = int(line.split()[1])
            continue
        m = BLOCK.match(line)
        if m and i + 1 < len(lines):
            head = lines[i + 1].strip()
            name = re.sub(r"\s*\[[^\]]*\]:?$", "", head).rstrip(":")
            where = None
            for l in lines[i + 1:i + 40]:
                p = PATH.search(l)
                if p and "/test/lib/" not in p.group(1) and "/tool/" not in p.group(1):
                    where = p.group(1)
                    break
            fails["%s: %s" % (m.group(1), name)] = where
    return fails, summary


def main():
    if sys.argv[1] == "failures":
        for name in sorted(parse(sys.argv[2])[0]):
            print(name)
    elif sys.argv[1] == "added":
        stock, rw = parse(sys.argv[2])[0], parse(sys.argv[3])[0]
        files = sorted({rw[n] for n in rw if n not in stock and rw[n]})
        print(" ".join(files))
    else:
        sys.exit("usage: rubytests.py failures LOG | added STOCK-LOG RW-LOG")


if __name__ == "__main__":
    main()
