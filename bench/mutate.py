#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Mutation testing of the checker: do the tests notice a wrong line?

    bench/mutate.py [--sample N] [--seed S] [--build DIR] [--tests REGEX]
                    [--exclude REGEX] [--timeout SEC] [--list] [--allow FILE] [PATH ...]

Finds the places in PATH (default: checker/src/rules checker/src/pairs
checker/src/events) where one of these operators applies, one mutant per
place:

    negate     if (C)  ->  if (!(C))          (and while (C))
    and-or     a && b  ->  a || b, and back
    compare    == <-> !=,  < -> <=,  > -> >=  (in a condition)
    bool       return true;  <->  return false;
    delete     a call or assignment statement  ->  ;

then, for a random sample of N (all without --sample), applies each to
the source, rebuilds DIR's ordercheck and unit test programs (default
build-mutate, configured Release if absent), and runs the tests matching
REGEX (ctest -R; default the rule cases, --fix and --dump-ir cases, the
cli and facts tests and the verdict table), less those matching --exclude (ctest -E; default the
ones that time a run or take minutes: about 30 s for the rest at -j2). A mutant is killed when a test fails or times out,
survives when all pass, and is stillborn when it does not compile. The
source is restored after each, and on an interrupt.

Prints the score per file (killed / (killed + survived)) and each
survivor, so that a near-miss test can be written for it or its line put
in the allow-list (--allow, default bench/mutate-equivalent.txt: lines
"FILE:LINE:OPERATOR reason" of mutants shown equivalent, left out of the
score). Exit 0; 1 if a survivor is not on the allow-list and --strict.
Run it on a copy of the tree it does not share with an editor or a
build in progress: it edits checker/src in place.

    bench/mutate.py --sample 300 --seed 1          # the full run
    bench/mutate.py --sample 12 --seed $RANDOM     # a CI sample
"""
import argparse
import os
import random
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
DEFAULT_PATHS = ['checker/src/rules', 'checker/src/pairs', 'checker/src/events']
DEFAULT_TESTS = (r'^(verify-|fix-|dump-ir|cli-|facts-|verdicts|explain|'
                 r'unit$|events-)')
# the programs the tests run: ctest builds nothing, so a test binary not
# rebuilt with the mutant (unit, events-*) tests the code as it was
TARGETS = ['ordercheck', 'ordercheck_unit_tests', 'ordercheck_events_tests']
# what times a run, or runs minutes: no mutant of the rules is killed there
DEFAULT_EXCLUDE = (r'facts-herd|facts-shard|cli-user-cflags|cli-timeout|'
                   r'cli-tu-linear|cli-bad-inputs|cli-crash')

IF_RE = re.compile(r'\b(if|while) \(')
ANDOR_RE = re.compile(r'&&|\|\|')
CMP_RE = re.compile(r'(?<![=!<>-])(==|!=|<|>)(?![=<>])')
RET_RE = re.compile(r'\breturn (true|false);')
# a statement that is a call or an assignment, alone on its line
STMT_RE = re.compile(r'^(\s+)([A-Za-z_][\w.\->\[\]*]*\s*(\(.*\)|[-+*/|&]?=[^=].*));\s*$')


def close_paren(line, start):
    depth = 0
    for i in range(start, len(line)):
        if line[i] == '(':
            depth += 1
        elif line[i] == ')':
            depth -= 1
            if depth == 0:
                return i
    return -1


def code_lines(text):
    """(number, line) of the lines that are code: no comment, no directive."""
    in_comment = False
    for n, line in enumerate(text.split('\n'), 1):
        s = line.strip()
        if in_comment:
            if '*/' in s:
                in_comment = False
            continue
        if s.startswith('/*'):
            in_comment = '*/' not in s
            continue
        if not s or s.startswith(('//', '#', '*')):
            continue
        yield n, line


def sites(path):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    out = []
    for n, line in code_lines(text):
        for m in IF_RE.finditer(line):
            o = m.end() - 1
            c = close_paren(line, o)
            if c > 0:
                new = line[:o] + '(!' + line[o:c + 1] + ')' + line[c + 1:]
                out.append((n, 'negate', line, new))
        cond = IF_RE.search(line) or line.strip().startswith(('&&', '||',
                                                              'return'))
        for m in ANDOR_RE.finditer(line):
            op = '||' if m.group() == '&&' else '&&'
            out.append((n, 'and-or', line,
                        line[:m.start()] + op + line[m.end():]))
        if cond:
            for m in CMP_RE.finditer(line):
                op = {'==': '!=', '!=': '==', '<': '<=', '>': '>='}[m.group()]
                # not an #include <...> nor a -> (excluded by the regex)
                out.append((n, 'compare', line,
                            line[:m.start()] + op + line[m.end():]))
        m = RET_RE.search(line)
        if m:
            op = 'false' if m.group(1) == 'true' else 'true'
            out.append((n, 'bool', line,
                        line[:m.start(1)] + op + line[m.end(1):]))
        m = STMT_RE.match(line)
        if m and not line.strip().startswith(('return', 'case', 'goto',
                                              'break', 'continue', 'else')):
            out.append((n, 'delete', line, m.group(1) + ';'))
    return [(path, n, op, old, new) for n, op, old, new in out]


def all_sites(paths):
    found = []
    for p in paths:
        p = os.path.join(ROOT, p)
        files = [p] if os.path.isfile(p) else sorted(
            os.path.join(p, f) for f in os.listdir(p) if f.endswith('.c'))
        for f in files:
            found.extend(sites(f))
    return found


def apply(path, n, old, new):
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    if lines[n - 1] != old:
        raise SystemExit(f"mutate: {path}:{n} is not what was read")
    saved = '\n'.join(lines)
    lines[n - 1] = new
    with open(path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines))
    return saved


def run(cmd, timeout, cwd=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
        return p.returncode, p.stdout.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        return -1, 'timeout'


def load_allow(path):
    allow = {}
    if os.path.exists(path):
        with open(path, encoding='utf-8') as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith('#'):
                    key, _, why = line.partition(' ')
                    allow[key] = why
    return allow


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('paths', nargs='*', default=DEFAULT_PATHS)
    ap.add_argument('--sample', type=int, default=0)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--build', default=os.path.join(ROOT, 'build-mutate'))
    ap.add_argument('--tests', default=DEFAULT_TESTS)
    ap.add_argument('--exclude', default=DEFAULT_EXCLUDE)
    ap.add_argument('--timeout', type=int, default=300,
                    help='seconds for one mutant\'s tests')
    ap.add_argument('--list', action='store_true',
                    help='print the mutants, run none')
    ap.add_argument('--allow',
                    default=os.path.join(ROOT, 'bench', 'mutate-equivalent.txt'))
    ap.add_argument('--strict', action='store_true')
    a = ap.parse_args()

    found = all_sites(a.paths)
    rng = random.Random(a.seed)
    chosen = rng.sample(found, a.sample) if 0 < a.sample < len(found) \
        else found
    chosen.sort(key=lambda s: (s[0], s[1]))
    print(f"{len(found)} mutants in {', '.join(a.paths)}; "
          f"running {len(chosen)} (seed {a.seed})")
    if a.list:
        for path, n, op, old, new in chosen:
            print(f"{os.path.relpath(path, ROOT)}:{n}:{op}: "
                  f"{old.strip()}  ->  {new.strip()}")
        return 0
    if not os.path.exists(os.path.join(a.build, 'CMakeCache.txt')):
        rc, out = run(['cmake', '-S', ROOT, '-B', a.build,
                       '-DCMAKE_BUILD_TYPE=Release'], 600)
        if rc:
            print(out)
            return 2
    jobs = str(os.cpu_count() or 2)
    rc, out = run(['cmake', '--build', a.build, '-j', jobs], 3600)
    if rc:
        print(out[-3000:])
        print('mutate: the unmutated tree does not build')
        return 2
    rc, out = run(['ctest', '-R', a.tests, '-E', a.exclude, '-j', jobs],
                  a.timeout * 4, cwd=a.build)
    if rc:
        print(out[-3000:])
        print('mutate: the unmutated tree fails its tests')
        return 2

    allow = load_allow(a.allow)
    score = {}
    survivors = []
    restore = {}

    def put_back(*_):
        for path, text in restore.items():
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
        restore.clear()

    signal.signal(signal.SIGINT, lambda *x: (put_back(), sys.exit(130)))
    signal.signal(signal.SIGTERM, lambda *x: (put_back(), sys.exit(143)))
    t0 = time.time()
    for i, (path, n, op, old, new) in enumerate(chosen, 1):
        rel = os.path.relpath(path, ROOT)
        key = f"{rel}:{n}:{op}"
        restore[path] = apply(path, n, old, new)
        try:
            rc, out = run(['cmake', '--build', a.build, '-j', jobs,
                           '--target'] + TARGETS, 900)
            if rc:
                verdict = 'stillborn'
            else:
                rc, out = run(['ctest', '-R', a.tests, '-E', a.exclude,
                               '-j', jobs, '--timeout', '120'], a.timeout,
                              cwd=a.build)
                verdict = 'killed' if rc else 'survived'
        finally:
            put_back()
        s = score.setdefault(rel, {'killed': 0, 'survived': 0,
                                   'stillborn': 0, 'equivalent': 0})
        if verdict == 'survived' and key in allow:
            verdict = 'equivalent'
        s[verdict] += 1
        if verdict == 'survived':
            survivors.append((key, old.strip(), new.strip()))
        print(f"[{i}/{len(chosen)} {time.time() - t0:.0f}s] {key}: "
              f"{verdict}", flush=True)
    # the tree as it was, built again for whoever uses DIR next
    run(['cmake', '--build', a.build, '-j', jobs, '--target'] + TARGETS, 900)

    print('\nfile                                   killed survived '
          'stillborn equivalent  score')
    tk = ts = 0
    for rel in sorted(score):
        s = score[rel]
        tk += s['killed']
        ts += s['survived']
        den = s['killed'] + s['survived']
        pct = f"{100 * s['killed'] / den:.0f}%" if den else '-'
        print(f"{rel:40s} {s['killed']:6d} {s['survived']:8d} "
              f"{s['stillborn']:9d} {s['equivalent']:10d} {pct:>6s}")
    den = tk + ts
    print(f"{'total':40s} {tk:6d} {ts:8d}  score "
          f"{100 * tk / den if den else 0:.0f}%")
    for key, old, new in survivors:
        print(f"survivor {key}:\n    {old}\n ->  {new}")
    return 1 if a.strict and survivors else 0


if __name__ == '__main__':
    sys.exit(main())
