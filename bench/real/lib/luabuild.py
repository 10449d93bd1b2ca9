"""Build the Lua 5.4 interpreter from a compile database (bench/real/fetch's
lua-db, or its copy moved onto a rewritten tree by movedb.py).

  luabuild.py DB OUT-DIR [LINK-ARG...]

Compiles every entry with its own arguments (the -o replaced by OUT-DIR/NAME.o;
extra -I for the runtime's headers come in through LUA_CPPFLAGS, split on
spaces), then links OUT-DIR/lua from every object but luac.o with -lm -ldl
-Wl,-E (what Debian's src/Makefile links for the linux target) and the
LINK-ARGs (e.g. -L... -lasrt). Exits 1 with the compiler's output on failure.
"""
import json
import os
import subprocess
import sys


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.exit("luabuild: failed: %s\n%s" % (" ".join(cmd), p.stdout))


def main():
    db, out, link = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3:]
    extra = os.environ.get("LUA_CPPFLAGS", "").split()
    os.makedirs(out, exist_ok=True)
    objs = []
    for e in json.load(open(db)):
        args = list(e["arguments"])
        if "-o" in args:
            i = args.index("-o")
            del args[i:i + 2]
        name = os.path.splitext(os.path.basename(e["file"]))[0]
        obj = os.path.join(out, name + ".o")
        run(args[:1] + extra + args[1:] + ["-o", obj], e["directory"])
        if name != "luac":
            objs.append(obj)
    run(["gcc", "-o", os.path.join(out, "lua")] + objs + ["-Wl,-E", "-lm", "-ldl"] + link, out)


if __name__ == "__main__":
    main()
