#!/usr/bin/env python3
"""bench/real/unseen php: a compile database from PHP's `make -n` output.

PHP builds through libtool: each compile line is
`libtool ... --mode=compile cc ARGS -c FILE -o FILE.lo`. The arguments
after --mode=compile, without -o, are the compiler's; the entries kept are
the sources under the given prefixes (paths relative to the source root),
but those named with a leading ! (left out).

Usage: phpdb.py SRC MAKE-N-OUTPUT PREFIX... [!FILE...] > compile_commands.json
"""
import json
import os
import shlex
import sys

import ccdb

root, listing = sys.argv[1], sys.argv[2]
prefixes = tuple(a for a in sys.argv[3:] if not a.startswith("!"))
left_out = {a[1:] for a in sys.argv[3:] if a.startswith("!")}
entries = []
for line in open(listing):
    words = shlex.split(line)
    if "--mode=compile" not in words:
        continue
    cmd = words[words.index("--mode=compile") + 1:]
    # A line may go on after the compile (`&& ...`): the compile ends there.
    if "&&" in cmd:
        cmd = cmd[:cmd.index("&&")]
    args = ccdb.drop_output(cmd)
    src = next((a for a in args if a.endswith(".c") and not a.startswith("-")), None)
    if not src:
        continue
    rel = os.path.relpath(src, root) if os.path.isabs(src) else src
    if rel.startswith(prefixes) and rel not in left_out:
        entries.append({"directory": root, "file": os.path.join(root, rel), "arguments": args})
if not entries:
    sys.exit("phpdb.py: no compile line for a source under " + " ".join(prefixes))
json.dump(entries, sys.stdout, indent=1)
