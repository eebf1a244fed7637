#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The folders of checker/src include each other one way only.

Prints the folder graph that the #include lines make and exits 1 on a
cycle: a layer that includes its caller is a layer no newcomer can read
alone (the redesign's rule: driver/ -> lsp/, tu/ -> rules/ -> pairs/ ->
events/ -> the base files at the top).

    include_graph.py CHECKER_SRC
"""
import collections
import os
import re
import sys


def graph(src):
    edges = collections.defaultdict(set)
    for root, _, files in os.walk(src):
        for f in files:
            if not f.endswith(('.c', '.h')):
                continue
            d = os.path.relpath(root, src)
            with open(os.path.join(root, f), encoding='utf-8') as fh:
                text = fh.read()
            for inc in re.findall(r'#include "([^"]+)"', text):
                t = os.path.normpath(os.path.join(d, inc))
                if not os.path.exists(os.path.join(src, t)):
                    t = os.path.normpath(inc)  # through -I checker/src
                td = os.path.dirname(t) or '.'
                if td != d:
                    edges[d].add(td)
    return edges


def cycle_from(edges, start):
    stack, seen = [(start, [start])], set()
    while stack:
        node, path = stack.pop()
        for nxt in sorted(edges.get(node, ())):
            if nxt == start:
                return path + [start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, path + [nxt]))
    return None


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print(__doc__.strip().split('\n')[-1].strip(), file=sys.stderr)
        return 2
    edges = graph(sys.argv[1])
    for k in sorted(edges):
        print(f"{k} -> {' '.join(sorted(edges[k]))}")
    for k in sorted(edges):
        c = cycle_from(edges, k)
        if c:
            print('include cycle: ' + ' -> '.join(c), file=sys.stderr)
            return 1
    print('no include cycle among folders')
    return 0


if __name__ == '__main__':
    sys.exit(main())
