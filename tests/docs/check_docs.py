#!/usr/bin/env python3
"""The user docs cover what the tool has. Fails when
  - a rule id (from rules/*.json, and from the rule table allocscan reports
    in SARIF's tool.driver.rules and in --help) has no section in
    docs/rules.md (a heading naming it: "## `alloc-copy`") or no fixtures
    (tests/fixtures/RULE/*.c with a "// ruleid: RULE" annotation, and one
    with "// ok: RULE");
  - a rule's section does not name the fix classes --help gives it, or
    lacks a row for a pack role --help says it reads ("| `alloc` |");
  - an option or environment variable printed by `allocscan --help` or
    `allocscan-cc --help` is not in docs/usage.md;
  - a function or macro of runtime/include/asrt/asrt.h or asrt_probe.h, or an allocator
    option (ASRT_OPTIONS in runtime/alloc/asrt_internal.h), is not in
    docs/runtime-api.md;
  - a relative link of a Markdown file (README.md, CONTRIBUTING.md, docs/,
    the parts' READMEs) names a file that does not exist, or a heading of
    a Markdown file that it does not have.
Usage: check_docs.py ALLOCSCAN SOURCE_DIR"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile


def pack_rule_ids(root):
    """Rule ids a pack may declare: entries of a "rules" list (objects with
    an "id", or plain strings) and any "rule" key."""
    ids = set()

    def walk(x, key=None):
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "rule" and isinstance(v, str):
                    ids.add(v)
                walk(v, k)
        elif isinstance(x, list):
            for v in x:
                if key == "rules":
                    if isinstance(v, str):
                        ids.add(v)
                    elif isinstance(v, dict) and isinstance(v.get("id"), str):
                        ids.add(v["id"])
                walk(v, key)

    for p in sorted(glob.glob(os.path.join(root, "rules", "*.json"))):
        with open(p, encoding="utf-8") as f:
            walk(json.load(f))
    return ids


def tool_rule_ids(allocscan, help_text):
    ids = set()
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "empty.c")
        with open(src, "w") as f:
            f.write("int f(void) { return 0; }\n")
        run = subprocess.run([allocscan, "-q", "--format", "sarif", src],
                             capture_output=True, text=True)
        if run.returncode not in (0, 1):
            sys.exit(f"allocscan --format sarif exited {run.returncode}: {run.stderr}")
        for r in json.loads(run.stdout)["runs"][0]["tool"]["driver"]["rules"]:
            ids.add(r["id"])
    m = re.search(r"^Rules:\n(.*?)(?:\n\S|\Z)", help_text, re.S | re.M)
    if m:
        ids |= set(re.findall(r"^  ([a-z][a-z0-9-]+)\s", m.group(1), re.M))
    return ids


def help_rules(help_text):
    """{rule id: (fix classes, pack roles)} from the Rules section of --help."""
    out = {}
    m = re.search(r"^Rules:\n(.*?)(?:\n\S|\Z)", help_text, re.S | re.M)
    for block in re.split(r"\n(?=  [a-z])", m.group(1) if m else ""):
        rid = re.match(r"\s*([a-z][a-z0-9-]+)\s", block)
        fixes = re.search(r"fix classes: (.*)", block)
        roles = re.search(r"pack roles it reads: (.*)", block)
        if rid:
            out[rid.group(1)] = (
                [] if not fixes or fixes.group(1) == "manual only" else fixes.group(1).split(", "),
                roles.group(1).split(", ") if roles else [])
    return out


def section(md, rid):
    """The text of docs/rules.md under the heading naming rid."""
    m = re.search(r"^##\s+`" + re.escape(rid) + r"`\s*\n(.*?)(?=^##\s|\Z)", md, re.S | re.M)
    return m.group(1) if m else ""


def help_options(help_text):
    opts = set()
    for line in help_text.splitlines():
        m = re.match(r"^\s{2,}((?:-[A-Za-z](?:, |\s))?\s*--?[A-Za-z][\w-]*)", line)
        if m:
            opts |= set(re.findall(r"--?[A-Za-z][\w-]*", m.group(1)))
    envs = set()
    m = re.search(r"^Environment:\n(.*?)(?:\n\S|\Z)", help_text, re.S | re.M)
    if m:
        envs = set(re.findall(r"^  ([A-Z][A-Z0-9_]+)", m.group(1), re.M))
    return opts, envs


def runtime_names(root):
    """The public names of asrt.h and asrt_probe.h (ASRT_API functions,
    inline ones and macros but those named with "__", ASRT_NO_INLINE) and
    the ASRT_* option variables."""
    h = ""
    for header in ("asrt.h", "asrt_probe.h"):
        with open(os.path.join(root, "runtime", "include", "asrt", header), encoding="utf-8") as f:
            h += f.read()
    names = set(re.findall(r"^ASRT_API\s+[^;(]*?\b(asrt\w+)\s*\(", h, re.M))
    # Inline helpers and macros named with "__" are the header's own.
    inline = set(re.findall(r"^static inline \w+ (asrt_\w+)\(", h, re.M))
    macros = set(re.findall(r"^#\s*define (ASRT_[A-Z_]+)\b", h, re.M)) - {"ASRT_API", "ASRT_RUNTIME_ASRT_H_", "ASRT_RUNTIME_ASRT_PROBE_H_"}
    names |= {n for n in inline | macros if "__" not in n}
    names |= set(re.findall(r"defined\((ASRT_[A-Z_]+)\)", h))
    with open(os.path.join(root, "runtime", "alloc", "asrt_internal.h"), encoding="utf-8") as f:
        table = re.search(r"#define ASRT_OPTIONS\(X\)(.*?)\n\s*\n", f.read(), re.S)
    options = {"ASRT_" + n for n in re.findall(r"\bX\((\w+),", table.group(1) if table else "")}
    return names, options


def slug(heading):
    """The anchor a heading gets (GitHub's rule): lower case, punctuation
    but '-' and '_' dropped, spaces made '-'."""
    h = re.sub(r"[`*]", "", heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", h).replace(" ", "-")


def broken_links(root):
    """Relative links of our Markdown files to a missing file or anchor."""
    md = [os.path.join(root, p) for p in ("README.md", "CONTRIBUTING.md")]
    for pattern in ("docs/*.md", "docs/results/*.md", "*/README.md", "bench/*/README.md"):
        md += sorted(glob.glob(os.path.join(root, pattern)))
    bad = []
    for path in md:
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            text = re.sub(r"```.*?```", "", f.read(), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):
                continue
            file, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            where = os.path.relpath(path, root)
            if not os.path.exists(dest):
                bad.append(f"{where}: link to {target}: no such file")
            elif anchor and dest.endswith(".md"):
                with open(dest, encoding="utf-8") as f:
                    body = re.sub(r"```.*?```", "", f.read(), flags=re.S)
                if anchor not in {slug(h) for h in re.findall(r"^#{1,6}\s+(.*)$", body, re.M)}:
                    bad.append(f"{where}: link to {target}: no such heading")
    return bad


def mentioned(text, word):
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


def main():
    allocscan, root = sys.argv[1], sys.argv[2]
    run = subprocess.run([allocscan, "--help"], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"allocscan --help exited {run.returncode}")
    help_text = run.stdout
    failures = []

    with open(os.path.join(root, "docs", "rules.md"), encoding="utf-8") as f:
        rules_md = f.read()
    headings = re.findall(r"^#{2,3}\s+(.*)$", rules_md, re.M)
    ids = pack_rule_ids(root) | tool_rule_ids(allocscan, help_text)
    if not ids:
        failures.append("no rule ids found (allocscan's SARIF rules, --help, rules/*.json)")
    for rid in sorted(ids):
        if not any(mentioned(h, rid) for h in headings):
            failures.append(f"rule {rid}: no section in docs/rules.md (a heading naming it)")
        fixtures = glob.glob(os.path.join(root, "tests", "fixtures", rid, "*.c"))
        ann = re.compile(r"^\s*//\s*ruleid:\s*" + re.escape(rid) + r"\b", re.M)
        if not any(ann.search(open(p, encoding="utf-8").read()) for p in fixtures):
            failures.append(f"rule {rid}: no fixture tests/fixtures/{rid}/*.c with '// ruleid: {rid}'")
        ok = re.compile(r"^\s*//\s*ok:\s*" + re.escape(rid) + r"\b", re.M)
        if not any(ok.search(open(p, encoding="utf-8").read()) for p in fixtures):
            failures.append(f"rule {rid}: no fixture tests/fixtures/{rid}/*.c with '// ok: {rid}'")
    described = help_rules(help_text)
    if not described:
        failures.append("no rules with fix classes and pack roles in allocscan --help")
    for rid, (fixes, roles) in sorted(described.items()):
        text = section(rules_md, rid)
        for fx in fixes:
            if not mentioned(text, fx):
                failures.append(f"rule {rid}: fix class {fx} (allocscan --help) not named in its docs/rules.md section")
        for role in roles:
            if not re.search(r"^\|\s*`" + re.escape(role) + r"`\s*\|", text, re.M):
                failures.append(f"rule {rid}: reads pack role {role} (allocscan --help), "
                                f"no '| `{role}` |' row in its docs/rules.md section")

    with open(os.path.join(root, "docs", "usage.md"), encoding="utf-8") as f:
        usage_md = f.read()
    opts, envs = help_options(help_text)
    if not opts:
        failures.append("no options found in allocscan --help")
    for o in sorted(opts | envs):
        if not mentioned(usage_md, o):
            failures.append(f"{o}: printed by allocscan --help, missing from docs/usage.md")
    # The compiler wrapper, built beside allocscan.
    wrapper = os.path.join(os.path.dirname(allocscan), "allocscan-cc")
    cc_run = subprocess.run([wrapper, "--help"], capture_output=True, text=True)
    cc_opts, cc_envs = help_options(cc_run.stdout)
    if cc_run.returncode != 0 or not cc_opts or not cc_envs:
        failures.append(f"allocscan-cc --help: status {cc_run.returncode}, no options or environment found")
    for o in sorted(cc_opts | cc_envs):
        if not mentioned(usage_md, o):
            failures.append(f"{o}: printed by allocscan-cc --help, missing from docs/usage.md")

    with open(os.path.join(root, "docs", "runtime-api.md"), encoding="utf-8") as f:
        api_md = f.read()
    names, options = runtime_names(root)
    if not names or not options:
        failures.append("no functions in runtime/include/asrt/asrt.h or no ASRT_OPTIONS rows")
    for n in sorted(names | options):
        if not mentioned(api_md, n):
            failures.append(f"{n}: in the runtime's header or option table, missing from docs/runtime-api.md")

    failures += broken_links(root)

    if failures:
        for x in failures:
            print("FAIL: " + x)
        sys.exit(1)
    print(f"docs: {len(ids)} rules ({', '.join(sorted(ids))}) with sections and fixtures; "
          f"{len(opts)} options and {len(envs)} environment variables of allocscan, {len(cc_opts)} and "
          f"{len(cc_envs)} of allocscan-cc in docs/usage.md; "
          f"{len(names)} runtime names and {len(options)} allocator options in docs/runtime-api.md; links resolve")


if __name__ == "__main__":
    main()
