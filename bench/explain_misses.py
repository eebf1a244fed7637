#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Why each missed barrier-deletion mutant was missed, from --explain.

For every mutant bench/barrier_mutants.py recorded as missed (OUT/mutants.json),
apply the mutation again, run ordercheck with --explain over the lines around
the deleted barrier against a copy of the unmutated tree's store, restore the
file, keep the explanation in OUT/explain/<n>.txt and sort the mutant into
one reason:

  no-access       the pairing sees no access of shared memory near the barrier
  no-candidate    accesses, but no candidate pairs them with another function
  dropped: WHY    every candidate near it was dropped, most of them for WHY
  not-reported    candidates reached the rules, which reported none of them

    bench/explain_misses.py ORDERCHECK TREE OUT [--span N] [--limit N]

OUT is the --out directory of a barrier_mutants.py run with the same binary
(its tree.sqlite is the unmutated store). Prints one line per mutant and a
table of reasons; writes OUT/misses.json.
"""
import argparse
import collections
import json
import os
import re
import shutil
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from barrier_mutants import apply  # noqa: E402


def classify(text):
    if 'no access of shared memory' in text:
        return 'no-access'
    cands = text.count(' candidate:\n')
    if not cands:
        return 'no-candidate'
    reasons = re.findall(r'not reported: (?!the rules judged)([^(\n]+)', text)
    judged = text.count('not reported: the rules judged')
    if len(reasons) == cands:
        why = collections.Counter(r.strip() for r in reasons)
        return 'dropped: ' + why.most_common(1)[0][0]
    if judged:
        return 'not-reported'
    return 'reported-elsewhere'


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('ordercheck')
    ap.add_argument('tree')
    ap.add_argument('out')
    ap.add_argument('--span', type=int, default=6,
                    help='lines explained on each side of the barrier')
    ap.add_argument('--limit', type=int, default=0)
    a = ap.parse_args()
    oc = os.path.abspath(a.ordercheck)
    tree = os.path.abspath(a.tree)
    out = os.path.abspath(a.out)
    with open(os.path.join(out, 'mutants.json')) as f:
        mutants = json.load(f)
    missed = [m for m in mutants if m['outcome'] == 'missed']
    if a.limit:
        missed = missed[:a.limit]
    os.makedirs(os.path.join(out, 'explain'), exist_ok=True)
    store = os.path.join(out, 'tree.sqlite')
    scratch = os.path.join(out, 'explain.sqlite')
    saved = os.path.join(out, 'explain-original.c')
    table = collections.Counter()
    for n, m in enumerate(missed):
        path = os.path.join(tree, m['file'])
        lo, hi = max(1, m['line'] - a.span), m['line'] + a.span
        shutil.copy(path, saved)
        try:
            apply(path, m)
            shutil.copy(store, scratch)
            r = subprocess.run([oc, '-p', '.', '--facts', scratch, '-j', '1',
                                '--explain', f"{m['file']}:{lo}-{hi}",
                                '--format=json', '-o', os.devnull],
                               capture_output=True, cwd=tree, timeout=600)
        finally:
            shutil.copy(saved, path)
            os.utime(path, None)
        text = r.stdout.decode(errors='replace')
        with open(os.path.join(out, 'explain', f'{n}.txt'), 'w') as f:
            f.write(f"{m['file']}:{m['line']} {m['primitive']} deleted\n")
            f.write(text)
        m['reason'] = classify(text)
        m['explain'] = f'explain/{n}.txt'
        table[m['reason']] += 1
        print(f"{m['reason']:40.40} {m['file']}:{m['line']} {m['primitive']}",
              flush=True)
    with open(os.path.join(out, 'misses.json'), 'w') as f:
        json.dump(missed, f, indent=1)
    print(f'{len(missed)} missed mutants, by reason:')
    for why, k in table.most_common():
        print(f'  {k:4}  {why}')


if __name__ == '__main__':
    sys.exit(main())
