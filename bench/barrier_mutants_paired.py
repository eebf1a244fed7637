#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""barrier_mutants.py's mutants, re-paired from the facts store alone.

barrier_mutants.py re-parses each mutated file against a store that the
same binary built (a store from another binary is re-parsed whole), so
comparing two binaries takes a cold run of the tree each. Where the two
differ only in pairing (checker/src/pairs/, the tree rules), this script
does the mutation in the store instead: the fence fact at the mutant's
line is dropped (--delete's mutants) or weakened (barrier(), READ_ONCE(),
WRITE_ONCE(), _relaxed), and each binary runs --pair-only on the result.
The mutants go in batches with at most one per file (both sides of one
pair are rarely mutated together), so a few pair-only runs cover them.

    bench/barrier_mutants_paired.py MUTANTS.json STORE TREE OUT BIN...
        [--weaken]

MUTANTS.json is a barrier_mutants.py run's (its mutants, its outcomes),
STORE the unmutated tree's store, TREE the tree it was run in. A mutant
counts for a binary when a new tree finding, or a note of one, is within
10 lines of it or names its function. Function rules' findings (a
re-parse's) are not seen: add barrier_mutants.py's own outcome for those.
"""
import collections
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys

RMW_ORDERED = ('18', '19', '20')  # OC_RMW_ACQ, _REL, _ACQREL


def mutate(store, out, muts, delete):
    shutil.copy(store, out)
    c = sqlite3.connect(out)
    byfile = collections.defaultdict(set)
    for m in muts:
        byfile[m['file']].add(str(m['line']))
    for suf, lines in byfile.items():
        rows = c.execute('select file, facts from tu where file like ?',
                         ('%/' + suf,)).fetchall()
        for file, facts in rows:
            res, orig, dropped = [], -1, []
            for ln in facts.split('\n'):
                p = ln.split('\t')
                if p[0] == 'U':
                    orig, dropped = -1, []
                if p[0] == 'A':
                    orig += 1
                    if p[7] in lines and (p[1] == 'F' or (
                            p[1] in 'LSM' and
                            p[2] in ('4', '5', '7') + RMW_ORDERED)):
                        if p[1] == 'F' and delete:
                            dropped.append(orig)
                            continue
                        if p[1] == 'F':
                            p[2], p[5] = '14', 'barrier'
                        elif p[2] == '4':
                            p[2], p[5] = '2', 'READ_ONCE'
                        elif p[2] in ('5', '7'):
                            p[2], p[5] = '3', 'WRITE_ONCE'
                        else:
                            p[2] = '17'
                            p[5] = re.sub('_(acquire|release)$', '_relaxed',
                                          p[5])
                    for q in (9, 10):  # adep, cdep: fact numbers
                        v = int(p[q])
                        if v >= 0:
                            p[q] = '-1' if v in dropped else \
                                str(v - sum(d < v for d in dropped))
                    ln = '\t'.join(p)
                res.append(ln)
            c.execute('update tu set facts=? where file=?',
                      ('\n'.join(res), file))
    c.commit()
    c.close()


def pair_only(oc, store, tree, out):
    subprocess.run(['nice', '-n', '10', oc, '--pair-only', '--facts', store,
                    '--format=json', '-o', out], cwd=tree,
                   capture_output=True)
    key = lambda d: (d['rule'], d['file'], d['line'], d['message'])
    with open(out) as f:
        return {key(d): d for d in json.load(f)['diagnostics']}


def functions(store):
    """(file relative to the tree, first line, name) of every function."""
    c = sqlite3.connect(store)
    spans = collections.defaultdict(set)
    for (facts,) in c.execute('select facts from tu'):
        for ln in facts.split('\n'):
            p = ln.split('\t')
            if p[0] == 'U':
                spans[p[2]].add((int(p[3]), p[1]))
    c.close()
    return {f: sorted(v) for f, v in spans.items()}


def enclosing(spans, tree, rel, line):
    best = None
    for start, name in spans.get(os.path.join(tree, rel), []):
        if start <= line:
            best = name
    return best


def main():
    args = [a for a in sys.argv[1:] if a != '--weaken']
    delete = '--weaken' not in sys.argv
    src, store, tree, out = args[:4]
    bins = [os.path.abspath(b) for b in args[4:]]
    tree, out = os.path.abspath(tree), os.path.abspath(out)
    os.makedirs(out, exist_ok=True)
    with open(src) as f:
        muts = json.load(f)
    spans = functions(store)
    base = {b: pair_only(b, store, tree, f'{out}/base.{os.path.basename(b)}'
                         '.json') for b in bins}
    seen, batches = collections.Counter(), collections.defaultdict(list)
    for i, m in enumerate(muts):
        batches[seen[m['file']]].append(i)
        seen[m['file']] += 1
    hit = collections.defaultdict(dict)
    for k, idx in sorted(batches.items()):
        st = f'{out}/batch{k}.sqlite'
        mutate(store, st, [muts[i] for i in idx], delete)
        for b in bins:
            new = [d for key, d in pair_only(
                b, st, tree, f'{out}/batch{k}.{os.path.basename(b)}.json')
                .items() if key not in base[b]]
            for i in idx:
                m = muts[i]
                fn = enclosing(spans, tree, m['file'], m['line'])
                hit[i][b] = [
                    d for d in new
                    if any(f == m['file'] and abs(l - m['line']) <= 10
                           for f, l in [(d['file'], d['line'])] +
                           [(n['file'], n['line'])
                            for n in d.get('notes', [])])
                    or (fn and fn + '()' in d['message'])]
        os.remove(st)
    total = collections.Counter()
    for i, m in enumerate(muts):
        marks = []
        for b in bins:
            total[b] += bool(hit[i][b])
            marks.append('R' if hit[i][b] else '-')
        print(' '.join(marks), m.get('outcome', '?')[:4], m['file'],
              m['line'], m['primitive'])
    for b in bins:
        print(f'{b}: {total[b]} of {len(muts)} mutants with a tree finding')
    with open(f'{out}/paired.json', 'w') as f:
        json.dump([{'mutant': m, 'new': {os.path.basename(b): hit[i][b]
                                         for b in bins}}
                   for i, m in enumerate(muts)], f, indent=1)


if __name__ == '__main__':
    sys.exit(main())
