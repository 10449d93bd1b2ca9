#!/usr/bin/env python3
"""Checks one annotated fixture against allocscan's JSON report.

Annotations, on the line(s) before the line they are about:
  // ruleid: RULE [fix: CLASS] [value: N] [family: NAME] [via: F,G] [site: H] [callers: N]
                                 the next code line must carry a RULE finding
                                 (with that fix class, value estimate,
                                 allocation family, helpers on its path in
                                 order, fix site, and number of looping
                                 callers folded into it)
  // ok: RULE                    the next code line must carry no RULE finding
Any finding on a line without a matching ruleid annotation is a failure too,
so every line of a fixture is a negative unless it says otherwise.
An optional first line `// allocscan-args: ARGS` gives extra arguments; the
scan runs in the fixture's own directory. A directory holding a
compile_commands.json is one program: its fixtures are checked against the
findings in their own file of a scan of the whole database (-p .), so
helpers of the other units are seen.
"""
import json
import os
import re
import shlex
import subprocess
import sys

ANN = re.compile(r'^\s*//\s*(ruleid|ok):\s*([a-z-]+)(?:\s+fix:\s*([a-z]+))?(?:\s+value:\s*([0-9]+))?(?:\s+family:\s*([a-z_]+))?(?:\s+via:\s*([A-Za-z0-9_,]+))?(?:\s+site:\s*([A-Za-z0-9_]+))?(?:\s+callers:\s*([0-9]+))?\s*$')


def annotations(path):
    expect, ok, pending, args = {}, {}, [], []
    with open(path) as f:
        lines = f.read().split('\n')
    for no, text in enumerate(lines, 1):
        if no == 1 and text.startswith('// allocscan-args:'):
            args = shlex.split(text.split(':', 1)[1])
            continue
        m = ANN.match(text)
        if m:
            pending.append(m.groups())
            continue
        if not text.strip() or text.strip().startswith('//'):
            continue
        for kind, rule, fix, value, family, via, site, callers in pending:
            (expect if kind == 'ruleid' else ok)[(no, rule)] = (fix, value, family, via, site, callers)
        pending = []
    if pending:
        sys.exit(f'{path}: annotation at end of file has no line to apply to')
    return expect, ok, args


def main():
    allocscan, fixture = sys.argv[1], os.path.abspath(sys.argv[2])
    expect, ok, args = annotations(fixture)
    where = os.path.dirname(fixture)
    program = os.path.exists(os.path.join(where, 'compile_commands.json'))
    argv = [allocscan, '--format', 'json', '-q'] + (['-p', '.'] if program else [os.path.basename(fixture)])
    if args and '--' in args:
        cut = args.index('--')
        argv = argv[:4] + args[:cut] + argv[4:] + args[cut:]
    else:
        argv = argv[:4] + args + argv[4:]
    run = subprocess.run(argv, cwd=where, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f'allocscan exited {run.returncode}:\n{run.stderr}')
    report = json.loads(run.stdout)
    got = {}
    for f in report['findings']:
        if os.path.normpath(os.path.join(where, f['file'])) == fixture:
            got[(f['line'], f['rule'])] = f
    failures = []
    for (line, rule), (fix, value, family, via, site, callers) in sorted(expect.items()):
        f = got.get((line, rule))
        if not f:
            failures.append(f'line {line}: expected {rule}, not reported')
        elif fix and f['fix'] != fix:
            failures.append(f"line {line}: {rule} has fix {f['fix']}, expected {fix} ({f['reason']})")
        elif value and f['value'] != int(value):
            failures.append(f"line {line}: {rule} has value {f['value']}, expected {value} ({f['value_reasons']})")
        elif callers and int((f.get('callers') or '0').split()[0]) != int(callers):
            failures.append(f"line {line}: {rule} has callers {f.get('callers')!r}, expected {callers}")
        elif family and f['family'] != family:
            failures.append(f"line {line}: {rule} has family {f['family']}, expected {family}")
        elif via and [s['function'] for s in f['path']] != via.split(','):
            failures.append(f"line {line}: {rule} has path {[s['function'] for s in f['path']]}, expected {via}")
        elif site and (f['fix_site'] or {}).get('function') != site:
            failures.append(f"line {line}: {rule} has fix site {f['fix_site']}, expected {site}")
    for (line, rule) in sorted(ok):
        if (line, rule) in got:
            failures.append(f"line {line}: {rule} reported on an ok line: {got[(line, rule)]['message']}")
    for (line, rule), f in sorted(got.items()):
        if (line, rule) not in expect and (line, rule) not in ok:
            failures.append(f"line {line}: unexpected {rule}: {f['message']}")
    name = os.path.relpath(fixture)
    if failures:
        print(f'{name}: FAIL')
        for x in failures:
            print('  ' + x)
        sys.exit(1)
    print(f'{name}: {len(expect)} positives, {len(ok)} negatives: ok')


if __name__ == '__main__':
    main()
