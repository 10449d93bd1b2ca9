"""Write compile_commands.json for Lua 5.4's src/*.c to stdout.

The commands are what Debian's src/Makefile runs for the linux target
(`make -n -B linux`: the recursive make inherits -n, so nothing is built);
each is the C compile of the libtool pair (`--tag=CC`), with the libtool
prefix dropped. A .c file of src/ that make does not compile is reported
and left out.
"""
import json
import os
import shlex
import subprocess
import sys


def main():
    lua = os.path.abspath(sys.argv[1])
    src = os.path.join(lua, "src")
    out = subprocess.run(
        ["make", "-n", "-B", "-C", src, "linux", "LIBTOOL=libtool"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if out.returncode != 0:
        sys.exit("luadb: make -n linux failed:\n" + out.stderr)
    entries = {}
    for line in out.stdout.splitlines():
        words = shlex.split(line)
        if "--tag=CC" not in words or "--mode=compile" not in words:
            continue
        cmd = words[words.index("--tag=CC") + 1:]
        if "-c" not in cmd:
            continue
        cfile = cmd[cmd.index("-c") + 1]
        path = os.path.join(src, cfile)
        entries[path] = {"directory": src, "file": path, "arguments": cmd}
    have = sorted(os.path.join(src, f) for f in os.listdir(src) if f.endswith(".c"))
    for f in have:
        if f not in entries:
            print("luadb: %s is not compiled by the Makefile; left out" % f, file=sys.stderr)
    if not entries:
        sys.exit("luadb: found no compile commands in make -n output")
    json.dump([entries[k] for k in sorted(entries)], sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
