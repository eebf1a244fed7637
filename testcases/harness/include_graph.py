#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The folders of checker/src include each other one way only.

Prints the folder graph that the #include lines make and exits 1 on a
cycle, on an include that goes up LAYERS (the order
checker/CMakeLists.txt links the folders' libraries in), or on a file
outside events/ that includes events/builder.h (the builder's state:
the memos see it only through events/seam.h). A layer that includes its
caller is a layer no newcomer can read alone.

    include_graph.py CHECKER_SRC
"""
import collections
import os
import re
import sys

# bottom first; a folder may include only the folders before it
LAYERS = ['.', 'json', 'vocab', 'events', 'pairs', 'rules', 'report', 'tu',
          'memo', 'bodies', 'lsp', 'driver']
PRIVATE = {'events/builder.h': 'events'}


def graph(src, private_hits=None):
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
                owner = PRIVATE.get(t)
                if owner and d != owner and private_hits is not None:
                    private_hits.append(f"{d}/{f} includes {t}")
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
    private = []
    edges = graph(sys.argv[1], private)
    for k in sorted(edges):
        print(f"{k} -> {' '.join(sorted(edges[k]))}")
    bad = private[:]
    for k in sorted(edges):
        if k not in LAYERS:
            bad.append(f"{k}/ is in no layer (LAYERS)")
            continue
        for t in sorted(edges[k]):
            if t in LAYERS and LAYERS.index(t) > LAYERS.index(k):
                bad.append(f"{k}/ includes {t}/, a layer above it")
    for b in bad:
        print(b, file=sys.stderr)
    if bad:
        return 1
    for k in sorted(edges):
        c = cycle_from(edges, k)
        if c:
            print('include cycle: ' + ' -> '.join(c), file=sys.stderr)
            return 1
    print('no include cycle among folders')
    return 0


if __name__ == '__main__':
    sys.exit(main())
