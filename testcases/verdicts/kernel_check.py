#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kernel_check.py: the verdict table against the kernel's own litmus tests.

usage: kernel_check.py TABLE KERNEL_TREE

TABLE is checker/src/vocab/verdicts.def; KERNEL_TREE a Linux tree (or the
part of one testcases/litmus/run.sh extracts: tools/memory-model/ and
Documentation/litmus-tests/). Each kernel test below is one of the table's
two-thread shapes with one of its kinds on each side; its "Result:" line
(Never, Sometimes) must be the table's verdict (FORBIDDEN, ALLOWED). The
mapping is written by hand; the verdicts on both sides are herd7's (the
kernel's comments were written from herd7 runs, the table is generated).
Exit 0 all agree, 1 one does not (or a test or row is missing), 2 usage.
"""
import os
import re
import sys

MM = 'tools/memory-model/litmus-tests'
DOC = 'Documentation/litmus-tests'

# (kernel test, shape, kind of our P0, kind of our P1, how it differs)
KERNEL = [
    (f'{MM}/MP+poonceonces', 'MP', 'NONE', 'NONE', ''),
    (f'{MM}/MP+pooncerelease+poacquireonce', 'MP', 'RELEASE', 'ACQUIRE', ''),
    (f'{MM}/MP+fencewmbonceonce+fencermbonceonce', 'MP', 'WMB', 'RMB', ''),
    (f'{MM}/MP+onceassign+derefonce', 'MP', 'RELEASE', 'ADDR',
     'rcu_assign_pointer() (a release store) and rcu_dereference()'),
    (f'{MM}/MP+unlocklockonceonce+fencermbonceonce', 'MP', 'UNLOCK_LOCK', 'RMB',
     'the kernel test takes two locks, s then t; ours one lock twice'),
    (f'{DOC}/atomic/Atomic-RMW+mb__after_atomic-is-stronger-than-acquire',
     'MP', 'AFTER_ATOMIC', 'RMB',
     'threads swapped, x and y renamed, atomic_inc() for our atomic_add(1)'),
    (f'{MM}/S+poonceonces', 'S', 'NONE', 'NONE', ''),
    (f'{MM}/S+fencewmbonceonce+poacquireonce', 'S', 'WMB', 'ACQUIRE', ''),
    (f'{MM}/SB+poonceonces', 'SB', 'NONE', 'NONE', ''),
    (f'{MM}/SB+fencembonceonces', 'SB', 'MB', 'MB', ''),
    (f'{MM}/LB+poonceonces', 'LB', 'NONE', 'NONE', ''),
    (f'{MM}/LB+poacquireonce+pooncerelease', 'LB', 'RELEASE', 'ACQUIRE', ''),
    (f'{MM}/LB+fencembonceonce+ctrlonceonce', 'LB', 'CTRL', 'MB', ''),
    (f'{MM}/LB+unlocklockonceonce+poacquireonce', 'LB', 'UNLOCK_LOCK', 'ACQUIRE',
     'the kernel test takes two locks, s then t; ours one lock twice'),
    (f'{MM}/R+poonceonces', 'R', 'NONE', 'NONE', ''),
    (f'{MM}/R+fencembonceonces', 'R', 'MB', 'MB', ''),
]

ROW = re.compile(r'^VERDICT\((\w+), (\w+), (\w+), (\w+), (ALLOWED|FORBIDDEN), '
                 r'"([^"]+)"\)$')
RESULT = re.compile(r'^\s*\*?\s*Result:\s*(Never|Sometimes|Always)\b', re.M)


def main(argv):
    if len(argv) != 2:
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        return 2
    table, tree = argv
    rows = {}
    with open(table) as f:
        for line in f:
            m = ROW.match(line)
            if m:
                rows[m.group(1, 2, 3, 4)] = (m.group(5), m.group(6))
    if not rows:
        print(f'FAIL: no VERDICT rows in {table}')
        return 1
    bad = 0
    for path, shape, k0, k1, note in KERNEL:
        name = os.path.basename(path)
        try:
            with open(os.path.join(tree, path + '.litmus')) as f:
                text = f.read()
        except OSError as e:
            print(f'FAIL: {name}: {e}')
            bad += 1
            continue
        m = RESULT.search(text)
        if not m:
            print(f'FAIL: {name}: no "Result:" line')
            bad += 1
            continue
        want = 'FORBIDDEN' if m.group(1) == 'Never' else 'ALLOWED'
        row = rows.get(('LKMM', shape, k0, k1))
        if not row:
            print(f'FAIL: {name}: no row LKMM {shape} {k0} {k1}')
            bad += 1
            continue
        ok = row[0] == want
        bad += not ok
        print(f'{"ok  " if ok else "FAIL"} {name} (Result: {m.group(1)}) = '
              f'{row[1]}: {row[0]}' + (f' [{note}]' if note else ''))
    print(f'{len(KERNEL) - bad} of {len(KERNEL)} kernel tests agree with the table')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
