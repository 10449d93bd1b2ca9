#!/usr/bin/env python3
"""Soundness corpus runner (issue 20).

Each case is either one file tests/soundness/NAME.c or a folder
tests/soundness/NAME/ holding a case.txt. For every case and every rewrite
mode (below) the runner:

  1. builds the original (gcc -std=c11 -Wall -O1 -g) and runs it: it must
     exit 0 (and be clean under ASan+UBSan: a broken corpus program would
     make every comparison meaningless);
  2. copies it to a temporary folder and runs `allocscan --rewrite` on the
     copy, and `allocscan --format json` for the per-site checks;
  3. unless the rewrite changed nothing (then the copy is the original),
     builds the rewritten copy with -I runtime/include (after the case's own
     flags, as an installed header is searched after a project's -I) against
     asrt_core_static (a compile failure is a failure), runs it and compares
     stdout and the exit status with the original's;
  4. builds the rewritten copy with -fsanitize=address,undefined and runs it:
     any sanitizer report, or other output, is a failure.

Expectations, from the case's header comment (`/* expect: ... */` in the
first lines of a single file, `expect:` in case.txt):

  rewritten  a sound site: every line marked `// site` must carry a finding
             whose fix is memdup, share or grow, and the file must change.
  refused    a trap whose site must not be rewritten: every `// site` line
             must have no fix, and the JSON report must give the finding a
             non-empty "reason" (a refused site says why: issue 20, item 7).
  no-share   a copy-on-write trap: the copy is observed or written in a way
             sharing cannot keep, so no `// site` may get the share fix
             (memdup is fine); a site not shared must say why (its reason).
  any        a trap where the only requirement is unchanged behaviour.

Configurations (`configs: -DA | -DB` in the header; `|` separates them,
an empty one is the default build): the source is rewritten once per mode
and every rewritten copy is built and run in every configuration, compared
with the original built the same way. The modes are each configuration on
its own (allocscan given that configuration's flags, as a user whose build
has that one configuration would run it) and a compile database listing
every configuration (the issue asks to refuse unless the proof holds in
every configuration the database builds). A rewrite proven for one
configuration must not break another.

case.txt keys (folder cases): expect, trap, configs, build (the .c files
compiled and linked, default every *.c), scan (the paths given to
allocscan, default the build files), flags (extra compiler and allocscan
flags such as -Iinclude).

With --instrument the same programs check `allocscan --instrument`
instead: the per-site expectations are not read; every instrumented copy
must build with no warning the original's build does not have, behave as
the original (plain and under the sanitizers) and write a valid profile to
$ASRT_PROFILE.

Usage: check.py --allocscan A --root R --lib LIBASRT_CORE_A [-j N] [--instrument]
                [--keep DIR] [--json OUT] CASE...
Exit status 0 when every case passes, 1 otherwise.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CC = os.environ.get("CC", "gcc")
CFLAGS = ["-std=c11", "-Wall", "-O1", "-g",
          # An implicit declaration (a rewritten call whose header was not
          # the runtime's) is a compile failure, not a warning to run past.
          "-Werror=implicit-function-declaration"]
SAN = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
# A failed allocation is NULL under ASan as without it (traps on failure
# branches allocate what cannot be had).
ASAN_NULL = "allocator_may_return_null=1"
RUN_TIMEOUT = 20
FIXES = ("memdup", "share", "grow")


def run(cmd, cwd, timeout=120, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        return "timeout", (e.stdout or b"").decode(errors="replace"), (e.stderr or b"").decode(errors="replace")


def parse_header(text):
    """Keys of the leading comment: `expect: X`, `trap: ...`, `configs: ...`."""
    keys = {}
    head = text[:4000]
    m = re.match(r"\ufeff?\s*/\*(.*?)\*/", head, re.S)  # a BOM may lead
    if m:
        last = None
        for line in m.group(1).splitlines():
            line = line.strip().lstrip("*").strip()
            mm = re.match(r"(expect|trap|sound|configs|flags)\s*:\s*(.*)", line)
            if mm:
                last = mm.group(1)
                keys[last] = mm.group(2).strip()
            elif last in ("trap", "sound") and line:
                keys[last] += " " + line  # a continuation line
    if "sound" in keys and "trap" not in keys:
        keys["trap"] = "(sound) " + keys["sound"]
    return keys


def parse_case_txt(path):
    keys = {}
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].rstrip() if not line.lstrip().startswith("trap") else line.rstrip()
            mm = re.match(r"\s*(\w+)\s*:\s*(.*)", line)
            if mm:
                keys[mm.group(1)] = mm.group(2).strip()
    return keys


class Case:
    def __init__(self, path):
        self.path = os.path.abspath(path.rstrip("/"))
        self.is_dir = os.path.isdir(self.path)
        if self.is_dir:
            self.name = os.path.basename(self.path)
            self.keys = parse_case_txt(os.path.join(self.path, "case.txt"))
            cs = sorted(os.path.basename(p) for p in glob.glob(os.path.join(self.path, "*.c")))
            self.build = self.keys.get("build", "").split() or cs
            self.scan = self.keys.get("scan", "").split() or self.build
        else:
            self.name = os.path.basename(self.path)[:-2]
            with open(self.path) as f:
                self.keys = parse_header(f.read())
            self.build = [self.name + ".c"]
            self.scan = self.build
        self.expect = self.keys.get("expect", "any").split()[0]
        self.flags = self.keys.get("flags", "").split()
        cfg = self.keys.get("configs")
        self.configs = [c.split() for c in cfg.split("|")] if cfg else [[]]

    def copy_to(self, dst):
        if self.is_dir:
            shutil.copytree(self.path, dst)
        else:
            os.makedirs(dst)
            shutil.copy(self.path, dst)

    def sites(self, d):
        """(basename, line) of every `// site` marker in the case's sources."""
        out = []
        for p in sorted(glob.glob(os.path.join(d, "**", "*.[ch]"), recursive=True)):
            with open(p, errors="replace") as f:
                for i, line in enumerate(f, 1):
                    if re.search(r"//\s*site\b", line):
                        out.append((os.path.basename(p), i))
        return out


def tree_text(d):
    res = {}
    for p in sorted(glob.glob(os.path.join(d, "**", "*"), recursive=True)):
        if os.path.isfile(p) and p.endswith((".c", ".h")):
            with open(p, "rb") as f:
                res[os.path.relpath(p, d)] = f.read()
    return res


def check_case(case, args):
    """Returns (ok, list of problems, info dict)."""
    problems = []
    notes = []
    info = {"name": case.name, "expect": case.expect, "trap": case.keys.get("trap", ""),
            "kinds": set(), "rewritten": False}
    work = tempfile.mkdtemp(prefix="sound-" + case.name + "-")
    inc = ["-I" + os.path.join(args.root, "runtime", "include")]

    def fail(kind, msg):
        info["kinds"].add(kind)
        problems.append(msg)

    try:
        orig = os.path.join(work, "orig")
        case.copy_to(orig)
        sites = case.sites(orig)
        if case.expect in ("rewritten", "refused") and not sites:
            fail("corpus", "expect %s but no // site marker" % case.expect)
        # The original in every configuration: plain (the reference output)
        # and under the sanitizers (the corpus program itself must be clean).
        ref, ref_warnings = [], []
        for ci, cfg in enumerate(case.configs):
            exe = os.path.join(work, "orig-%d" % ci)
            rc, o, e = run([CC] + CFLAGS + case.flags + cfg + inc + ["-o", exe] + case.build, orig)
            if rc != 0:
                fail("corpus", "original does not build (config %r):\n%s" % (cfg, e[-2000:]))
                return False, problems, info
            ref_warnings.append(e.count("warning:"))
            rc, o, e = run([exe], orig, RUN_TIMEOUT)
            if rc != 0:
                fail("corpus", "original exits %s (config %r): %s" % (rc, cfg, e[-500:]))
                return False, problems, info
            ref.append(o)
            if args.check_original:
                exe = os.path.join(work, "orig-asan-%d" % ci)
                rc, _, e = run([CC] + CFLAGS + SAN + case.flags + cfg + inc + ["-o", exe] + case.build, orig)
                rc2, o2, e2 = (run([exe], orig, RUN_TIMEOUT, env=dict(os.environ, ASAN_OPTIONS=ASAN_NULL))
                               if rc == 0 else (rc, "", e))
                if rc2 != 0 or o2 != o:
                    fail("corpus", "original not clean under ASan+UBSan (config %r): %s" % (cfg, e2[-1500:]))
                    return False, problems, info

        # Rewrite modes.
        unreported, reported = {}, set()
        modes = [("config %s" % (" ".join(c) or "(default)"), c, False) for c in case.configs]
        if len(case.configs) > 1:
            modes.append(("compile database of all configs", None, True))
        for mi, (mname, mcfg, compdb) in enumerate(modes):
            d = os.path.join(work, "rw-%d" % mi)
            case.copy_to(d)
            before = tree_text(d)
            if compdb:
                entries = []
                for cfg in case.configs:
                    for src in case.build:
                        entries.append({"directory": d, "file": src,
                                        "arguments": ["cc", "-std=c11"] + case.flags + cfg + ["-c", src]})
                with open(os.path.join(d, "compile_commands.json"), "w") as f:
                    json.dump(entries, f)
                scan_cmd = ["-p", "."] + (case.scan if case.scan != case.build else [])
                tail = []
            else:
                scan_cmd = list(case.scan)
                tail = ["--", "-std=c11"] + case.flags + mcfg
            report = None
            if case.expect != "any" and not args.instrument:  # the per-site checks read the report
                rc, jout, jerr = run([args.allocscan, "-q", "--format", "json"] + scan_cmd + tail, d)
                try:
                    report = json.loads(jout)
                except ValueError:
                    fail("scan", "[%s] allocscan --format json gave no JSON (exit %s): %s" % (mname, rc, jerr[-500:]))
            action = "--instrument" if args.instrument else "--rewrite"
            rc, rout, rerr = run([args.allocscan, "-q", action] + scan_cmd + tail, d)
            if rc not in (0, 1):
                fail("scan", "[%s] allocscan %s exits %s: %s" % (mname, action, rc, rerr[-800:]))
            after = tree_text(d)
            changed = sorted(k for k in after if before.get(k) != after[k])
            if changed:
                info["rewritten"] = True
            # Per-site expectations.
            if report is not None:
                findings = report.get("findings", [])
                for (fname, line) in sites:
                    at = [f for f in findings
                          if os.path.basename(f.get("file", "")) == fname and f.get("line") == line]
                    fixes = [f.get("fix") for f in at]
                    if case.expect == "rewritten":
                        if not any(x in FIXES for x in fixes):
                            why = "; ".join("%s: %s" % (f.get("fix"), f.get("reason")) for f in at) or "no finding"
                            fail("not-rewritten", "[%s] sound site %s:%d not rewritten (%s)" % (mname, fname, line, why))
                    elif case.expect in ("refused", "no-share"):
                        bad = FIXES if case.expect == "refused" else ("share",)
                        if any(x in bad for x in fixes):
                            fail("not-refused", "[%s] site %s:%d must be %s but gets fix %s"
                                 % (mname, fname, line,
                                    "refused" if case.expect == "refused" else "refused sharing",
                                    ",".join(x for x in fixes if x in bad)))
                        elif not at:
                            # Not reported in this mode: in another
                            # configuration the pair may not exist at all
                            # (an #ifdef removes the copy). The site must be
                            # reported, with its reason, in some mode.
                            unreported.setdefault((fname, line), []).append(mname)
                        else:
                            reported.add((fname, line))
                            for f in at:
                                if "reason" not in f:
                                    notes.append("[%s] no reason field in the JSON report" % mname)
                                elif not (f.get("reason") or "").strip():
                                    fail("no-reason", "[%s] site %s:%d: fix %s, and no reason why %s"
                                         % (mname, fname, line, f.get("fix"),
                                            "not rewritten" if case.expect == "refused" else "not shared"))
            if case.expect == "rewritten" and not changed and not args.instrument:
                fail("not-rewritten", "[%s] nothing was rewritten" % mname)
            if case.expect == "refused" and changed and not sites:
                pass
            # Build and run the rewritten copy in every configuration. A copy
            # the rewrite left byte for byte as it was is the original
            # program: nothing to compare (--check-original covers the
            # original under the sanitizers).
            for ci, cfg in enumerate(case.configs if changed else []):
                tag = "[%s; built %s]" % (mname, " ".join(cfg) or "(default)") if len(case.configs) > 1 else "[%s]" % mname
                if len(case.configs) == 1:
                    tag = ""
                exe = os.path.join(d, "after-%d" % ci)
                rc, o, e = run([CC] + CFLAGS + case.flags + cfg + inc + ["-o", exe] + case.build + [args.lib], d)
                if rc != 0:
                    fail("compile", "%s rewritten program does not build:\n%s" % (tag, e[-1500:]))
                    continue
                if args.instrument and e.count("warning:") > ref_warnings[ci]:
                    fail("compile", "%s instrumented program builds with new warnings:\n%s" % (tag, e[-1500:]))
                profile = os.path.join(d, "profile-%d.json" % ci)
                rc, o, e = run([exe], d, RUN_TIMEOUT, env=dict(os.environ, ASRT_PROFILE=profile))
                if rc != 0 or o != ref[ci]:
                    fail("output", "%s behaviour changed: exit %s (was 0)%s" % (tag, rc, diff_text(ref[ci], o)))
                if args.instrument:
                    try:
                        with open(profile) as pf:
                            if json.load(pf).get("asrt_profile") != 1:
                                raise ValueError("no asrt_profile member")
                    except (OSError, ValueError) as ex:
                        fail("profile", "%s no valid profile written: %s" % (tag, ex))
                exe = os.path.join(d, "asan-%d" % ci)
                rc, _, e = run([CC] + CFLAGS + SAN + case.flags + cfg + inc + ["-o", exe] + case.build + [args.lib], d)
                if rc != 0:
                    fail("compile", "%s rewritten program does not build with sanitizers:\n%s" % (tag, e[-800:]))
                    continue
                env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:" + ASAN_NULL,
                           UBSAN_OPTIONS="print_stacktrace=1")
                rc, o, e = run([exe], d, RUN_TIMEOUT, env=env)
                # The note ASan prints for an allocation it returns NULL for is no report.
                e = re.sub(r"==\d+==WARNING: AddressSanitizer failed to allocate [^\n]*\n?", "", e)
                if "Sanitizer" in e or "runtime error" in e:
                    m = re.search(r"(ERROR: \w+Sanitizer: [^\n]*|runtime error: [^\n]*)", e)
                    fail("asan", "%s sanitizer: %s" % (tag, m.group(1) if m else e[-300:]))
                elif rc != 0 or o != ref[ci]:
                    fail("output", "%s under sanitizers: exit %s%s" % (tag, rc, diff_text(ref[ci], o)))
            if args.keep and (problems or args.keep_all):
                dst = os.path.join(args.keep, case.name, "mode-%d" % mi)
                shutil.rmtree(dst, ignore_errors=True)
                shutil.copytree(d, dst, ignore=shutil.ignore_patterns("after-*", "asan-*"))
        # A pair the detector does not report is no finding: nothing is
        # claimed and nothing rewritten, which is safe. Every reported site
        # that is not rewritten must say why (checked above).
        for key, ms in sorted(unreported.items()):
            if key not in reported:
                notes.append("site %s:%d is not reported (no finding, nothing rewritten) (%s)"
                             % (key[0], key[1], "; ".join(ms)))
        info["notes"] = notes
        return not problems, problems, info
    finally:
        shutil.rmtree(work, ignore_errors=True)


def diff_text(a, b):
    al, bl = a.splitlines(), b.splitlines()
    for i in range(max(len(al), len(bl))):
        x = al[i] if i < len(al) else "<missing>"
        y = bl[i] if i < len(bl) else "<missing>"
        if x != y:
            return "; first difference at line %d: expected %r, got %r" % (i + 1, x[:80], y[:80])
    return ""


# CTest runs the corpus in these batches (by the prefix of the case's
# name, its class), each case of a batch in parallel; a case no prefix
# claims is in "other", so that no case is silently left out.
GROUPS = {
    "alias": ("alias_",),
    "dst": ("dst_",),
    "null-check": ("null_check_",),
    "size": ("size_", "stmt_expr_", "comma_", "copy_value_", "ternary_"),
    "flow": ("goto_", "switch_", "setjmp_", "longjmp_", "early_", "continue_", "logical_", "loop_"),
    "hygiene": ("shadowed_", "undeclared_", "global_name_", "macro_"),
    "preproc": ("ifdef_", "if_", "header_", "unity_", "project_", "two_units_"),
    "share": ("share_",),
    "grow": ("realloc_", "grow_", "reallocarray_", "calloc_", "malloc_", "strcpy_"),
    "sound": ("sound_",),
}


def group_of(name):
    for g, prefixes in GROUPS.items():
        if name.startswith(prefixes):
            return g
    return "other"


def find_cases(root):
    here = os.path.join(root, "tests", "soundness")
    out = sorted(glob.glob(os.path.join(here, "*.c")))
    out += sorted(os.path.dirname(p) for p in glob.glob(os.path.join(here, "*", "case.txt")))
    return sorted(out, key=lambda p: os.path.basename(p.rstrip("/")))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--allocscan", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--lib", required=True)
    ap.add_argument("-j", type=int, default=1)
    ap.add_argument("--keep", help="copy the rewritten sources of failing cases here")
    ap.add_argument("--keep-all", action="store_true")
    ap.add_argument("--json", help="write a summary of every case to this file")
    ap.add_argument("--check-original", action="store_true",
                    help="also build and run each original under the sanitizers (a check of the corpus itself)")
    ap.add_argument("--all", action="store_true", help="run every case of the corpus")
    ap.add_argument("--instrument", action="store_true", help="check --instrument instead of --rewrite")
    ap.add_argument("--group", help="with --all: only the cases of this batch (%s, other)" % ", ".join(GROUPS))
    ap.add_argument("cases", nargs="*")
    args = ap.parse_args()
    args.allocscan = os.path.abspath(args.allocscan)
    args.lib = os.path.abspath(args.lib)
    args.root = os.path.abspath(args.root)
    paths = args.cases or (find_cases(args.root) if args.all else [])
    if args.group:
        paths = [p for p in paths if group_of(os.path.basename(p.rstrip("/"))) == args.group]
        if not paths and args.group == "other":
            print("no case outside the named groups")
            return 0
    if not paths:
        ap.error("no cases (name them or pass --all)")
    cases = [Case(p) for p in paths]
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        futs = {ex.submit(check_case, c, args): c for c in cases}
        for fut in concurrent.futures.as_completed(futs):
            c = futs[fut]
            ok, probs, info = fut.result()
            results.append((c, ok, probs, info))
            status = "PASS" if ok else "FAIL"
            print("%s %s (expect %s)%s" % (status, c.name, c.expect,
                                           "" if ok else ": " + ", ".join(sorted(info["kinds"]))))
            for p in probs:
                print("    " + p.replace("\n", "\n      "))
            for n in info.get("notes", []):
                print("    note: " + n)
            sys.stdout.flush()
    nfail = sum(1 for r in results if not r[1])
    if len(results) > 1:
        print("soundness corpus: %d cases, %d pass, %d fail; %d %s" % (
            len(results), len(results) - nfail, nfail, sum(1 for r in results if r[3]["rewritten"]),
            "instrumented" if args.instrument else "rewritten"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{"name": i["name"], "expect": i["expect"], "trap": i["trap"], "ok": ok,
                        "kinds": sorted(i["kinds"]), "rewritten": i["rewritten"], "problems": p}
                       for (c, ok, p, i) in sorted(results, key=lambda r: r[0].name)], f, indent=1)
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
