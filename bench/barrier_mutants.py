#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Barrier-deletion mutants: does ordercheck notice a documented pair break?

Linux documents its barrier pairs ("Pairs with smp_wmb() in foo()"). For
every such comment in the chosen directories of a prepared tree, take the
ordering primitive it annotates (the first one on the comment's lines or the
few below it), weaken it to what a forgetful author would have written
(smp_*mb() -> barrier(), smp_store_release() -> WRITE_ONCE(),
smp_load_acquire() -> READ_ONCE(), rcu_assign_pointer() -> WRITE_ONCE(),
an _acquire/_release atomic -> _relaxed), check the mutated file against
the facts store of the unmutated tree (so its partner in another file is
seen), and count the mutants that bring a new finding.

    bench/barrier_mutants.py ORDERCHECK TREE [--dirs kernel mm lib]
        [--out DIR] [--limit N] [--jobs N] [--delete]

--delete removes a weakened fence instead (smp_wmb(); -> ;), as a
forgetful author who drops the line would: the comment above it stays.

TREE must have compile_commands.json (bench/prepare-linux.sh); ordercheck
runs in TREE, so paths are spelled as a run there spells them. The file is
mutated in place and always restored; a copy of the original is kept in
OUT until it is. Prints one line per mutant and the rate; writes
OUT/mutants.json with every mutant, its outcome and the new findings.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

PAIRS = re.compile(r'pair(s|ed)? with|paired|matches the|partner', re.I)

# (pattern of the primitive as written, its weakened replacement)
MUTATIONS = [
    (re.compile(r'\bsmp_(w|r)?mb\(\s*\)'), 'barrier()'),
    (re.compile(r'\bsmp_mb__(before|after)_atomic\(\s*\)'), 'barrier()'),
    (re.compile(r'\bsmp_mb__after_spinlock\(\s*\)'), 'barrier()'),
    # these two take a pointer where WRITE_ONCE()/READ_ONCE() take an lvalue
    (re.compile(r'\bsmp_store_release\('), 'WRITE_ONCE(*'),
    (re.compile(r'\bsmp_load_acquire\('), 'READ_ONCE(*'),
    (re.compile(r'\brcu_assign_pointer\('), 'WRITE_ONCE('),
    (re.compile(r'\bsmp_store_mb\('), 'WRITE_ONCE('),
    # atomic_read_acquire() and atomic_set_release() have no _relaxed form
    (re.compile(r'\b(atomic(64|_long)?_(read|set))_(acquire|release)\('),
     r'\1('),
    (re.compile(r'\b(atomic(64|_long)?_\w+?)_(acquire|release)\('),
     r'\1_relaxed('),
]
LOOKAHEAD = 8  # lines below a comment that it can annotate


def comment_lines(text):
    """Line numbers (0-based) that carry a 'pairs with' comment."""
    hits = set()
    for m in re.finditer(r'/\*.*?\*/|//[^\n]*', text, re.S):
        if PAIRS.search(m.group(0)):
            hits.add(text.count('\n', 0, m.end()))
    return sorted(hits)


def find_mutants(path, rel):
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        lines = f.read().split('\n')
    text = '\n'.join(lines)
    # comments blanked, newlines and columns kept: a primitive named inside
    # a comment that spans lines ("Paired with smp_rmb() in ...") is prose
    code_lines = re.sub(r'/\*.*?\*/|//[^\n]*',
                        lambda m: re.sub(r'[^\n]', ' ', m.group(0)),
                        text, flags=re.S).split('\n')
    out, taken = [], set()
    for c in comment_lines(text):
        for ln in range(c, min(c + LOOKAHEAD + 1, len(lines))):
            code = code_lines[ln]
            for pat, repl in MUTATIONS:
                m = pat.search(code)
                if not m:
                    continue
                if ln in taken:
                    break
                taken.add(ln)
                out.append({'file': rel, 'line': ln + 1, 'col': m.start(),
                            'primitive': m.group(0).rstrip('('),
                            'pattern': pat.pattern, 'replacement': repl})
                break
            else:
                continue
            break
    return out


def deleted(mutant):
    """The mutant that drops a fence (its statement left empty)."""
    if mutant['replacement'] != 'barrier()':
        return mutant
    return dict(mutant, replacement='')


def apply(path, mutant):
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        lines = f.read().split('\n')
    i, col = mutant['line'] - 1, mutant.get('col', 0)
    pat = re.compile(mutant['pattern'])
    # at the code's occurrence, not at one in a comment before it
    lines[i] = lines[i][:col] + pat.sub(mutant['replacement'],
                                        lines[i][col:], count=1)
    with open(path, 'w', encoding='utf-8', errors='surrogateescape') as f:
        f.write('\n'.join(lines))


def findings(doc):
    key = lambda d: json.dumps({k: d[k] for k in
                                ('rule', 'file', 'line', 'message')},
                               sort_keys=True)
    return {key(d): d for d in doc['diagnostics']}


# a new finding is about the weakened barrier when it, or a note of it,
# is this close to it in the same file
NEAR = 10


def near(d, m):
    locs = [(d['file'], d['line'])] + [(n['file'], n['line'])
                                       for n in d.get('notes', [])]
    return any(f == m['file'] and abs(line - m['line']) <= NEAR
               for f, line in locs)


def run(oc, tree, store, timeout):
    # the whole tree, so that a finding placed at the partner counts too;
    # every file but the mutated one comes from the store unparsed
    cmd = [oc, '-p', '.', '--facts', store, '--format=json', '-j', '1']
    r = subprocess.run(cmd, capture_output=True, timeout=timeout, cwd=tree)
    if r.returncode > 1:
        return None, r.stderr.decode(errors='replace')[-500:]
    return findings(json.loads(r.stdout.decode('utf-8'))), None


def main():
    # a kill must not leave a mutated kernel file behind: SIGTERM unwinds
    # through the finally that restores it, as Ctrl-C does
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('ordercheck')
    ap.add_argument('tree')
    ap.add_argument('--dirs', nargs='+', default=['kernel', 'mm', 'lib'])
    ap.add_argument('--out', default=None)
    ap.add_argument('--limit', type=int, default=0)
    ap.add_argument('--timeout', type=int, default=300)
    ap.add_argument('--delete', action='store_true',
                    help='drop a fence instead of weakening it to barrier()')
    a = ap.parse_args()
    oc = os.path.abspath(a.ordercheck)
    tree = os.path.abspath(a.tree)
    out = os.path.abspath(a.out or tempfile.mkdtemp(prefix='mutants-'))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(tree, 'compile_commands.json')) as f:
        db = json.load(f)
    files = sorted({os.path.relpath(os.path.join(e['directory'], e['file']),
                                    tree) for e in db})
    files = [f for f in files if f.split('/')[0] in a.dirs]
    mutants = []
    for rel in files:
        mutants += find_mutants(os.path.join(tree, rel), rel)
    if a.limit:
        mutants = mutants[:a.limit]
    if a.delete:
        mutants = [deleted(m) for m in mutants]
    print(f'{len(files)} files in {" ".join(a.dirs)}; '
          f'{len(mutants)} documented barriers to weaken', flush=True)

    # the unmutated tree's store: every partner is visible to each mutant
    store = os.path.join(out, 'tree.sqlite')
    if not os.path.exists(store):
        subprocess.run([oc, '-p', '.', '--facts', store, '-j',
                        str(os.cpu_count()), '--format=json', '-o',
                        os.path.join(out, 'tree.json')], check=False,
                       cwd=tree)
    with open(os.path.join(out, 'tree.json'), 'rb') as f:
        base = findings(json.loads(f.read().decode('utf-8')))
    found = near_found = 0
    for m in mutants:
        path = os.path.join(tree, m['file'])
        scratch = os.path.join(out, 'scratch.sqlite')
        saved = os.path.join(out, 'original.c')
        shutil.copy(path, saved)
        try:
            apply(path, m)
            shutil.copy(store, scratch)
            mut, err = run(oc, tree, scratch, a.timeout)
        finally:
            shutil.copy(saved, path)
            os.utime(path, None)
        if mut is None:
            m['outcome'] = 'error'
            m['error'] = err
        else:
            new = [mut[k] for k in mut if k not in base]
            m['new'] = new
            m['outcome'] = 'reported' if new else 'missed'
            found += bool(new)
            m['near'] = any(near(d, m) for d in new)
            near_found += m['near']
        print(f"{m['outcome']:8} {m['file']}:{m['line']} {m['primitive']}"
              f" weakened"
              + ''.join(f"\n         {d['file']}:{d['line']}: "
                        f"[{d['rule']}] {d['message'][:110]}"
                        for d in m.get('new', [])), flush=True)
    with open(os.path.join(out, 'mutants.json'), 'w') as f:
        json.dump(mutants, f, indent=1)
    n = len(mutants)
    errors = sum(m['outcome'] == 'error' for m in mutants)
    print(f'reported {found} of {n} weakened barriers'
          f' ({100.0 * found / max(n, 1):.1f}%), {errors} errors; '
          f'details in {out}/mutants.json')
    print(f'of which {near_found} ({100.0 * near_found / max(n, 1):.1f}%) '
          f'with the finding or one of its notes within {NEAR} lines of '
          f'the weakened primitive (the others name other code: a file '
          f'rechecked against a complete store can differ from a cold '
          f'run, so read them before counting them)')


if __name__ == '__main__':
    sys.exit(main())
