#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A random sample of a run's findings for a blind reading.

    bench/judge_sample.py REPORT.json [--warnings 60] [--remarks 30]
        [--seed 40] [--out SAMPLE.txt]

Picks warnings and remarks at random (a fixed seed: the sample can be
drawn again), from every rule, and writes each as the user sees it: the
message, the rule, the place and every note. The reader is given the
sample and the source tree, never the rules' code nor FINDINGS; a verdict
per finding (real bug, better spelling, benign, false) comes back, and
the counts per severity and per rule are the precision figures.
"""
import argparse
import collections
import json
import random
import sys


def text(n, d):
    out = [f"#{n} [{d['rule']}] {d['severity']} {d['file']}:{d['line']}: "
           f"{d['message']}"]
    for note in d.get('notes', []):
        out.append(f"    note {note['file']}:{note['line']}: {note['message']}")
    return '\n'.join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('report')
    ap.add_argument('--warnings', type=int, default=60)
    ap.add_argument('--remarks', type=int, default=30)
    ap.add_argument('--seed', type=int, default=40)
    ap.add_argument('--out', default='-')
    a = ap.parse_args()
    with open(a.report, encoding='utf-8') as f:
        diags = [d for d in json.load(f)['diagnostics'] if d.get('rule')]
    rng = random.Random(a.seed)
    picked = []
    for sev, want in (('warning', a.warnings), ('remark', a.remarks)):
        pool = [d for d in diags if d['severity'] == sev]
        picked += rng.sample(pool, min(want, len(pool)))
        by_rule = collections.Counter(d['rule'] for d in pool)
        print(f"{sev}s: {len(pool)} in the report, "
              f"{min(want, len(pool))} sampled; in the report by rule: "
              + ', '.join(f'{r} {n}' for r, n in by_rule.most_common()),
              file=sys.stderr)
    out = sys.stdout if a.out == '-' else open(a.out, 'w', encoding='utf-8')
    for n, d in enumerate(picked, 1):
        print(text(n, d), file=out)
    if out is not sys.stdout:
        out.close()


if __name__ == '__main__':
    main()
