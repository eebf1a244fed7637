#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Barrier-insertion mutants: does redundant-barrier see a needless smp_mb()?

The twin of barrier_mutants.py, the other way round: instead of taking a
needed barrier away, add one that is not needed, as a careless patch does.
From the facts store of a checked tree, find the functions that end (begin)
on every path with a fully ordered operation (a value-returning RMW such as
test_and_clear_bit(), atomic_*_return(), xchg(), or smp_mb()), the same
test as checker/src/pairs/neighbours.c; then every call of one of them, in a
file of the chosen directories other than the callee's, that stands as a
statement of its own. At each, write smp_mb(); on a line of its own right
after the call's statement (before it, for a callee that begins with one),
check the mutated file against a copy of the store (so the callee in its
other file is seen), and count the mutants reported by redundant-barrier at
the inserted line.

    bench/barrier_insert_mutants.py ORDERCHECK TREE --store STORE
        [--dirs kernel mm fs block net lib] [--out DIR] [--limit N]
        [--seed S] [--list] [--cross] [--existing] [--refresh]

STORE is a whole-tree facts store (ordercheck -p TREE --facts STORE); it is
copied for each mutant, never written. A store of an older binary lacks
the fields that say a callee's edge is not on every path (facts.h, FN_*):
--refresh checks the sampled callees' files again into a copy first, and
drops the mutants whose callee is then no edge. --list prints the mutants and checks
none. --limit N takes N mutants spread over the list (every k-th, from
--seed), not its first N. Each mutant's file is mutated in place and always
restored. Prints one line per mutant and the rate; writes OUT/mutants.json.
"""
import argparse
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
VOCAB_H = os.path.join(HERE, '..', 'checker', 'src', 'vocab', 'vocab.h')
FACTS_H = os.path.join(HERE, '..', 'checker', 'src', 'pairs', 'facts.h')
EDGE_DEPTH = 4  # as neighbours.c: how many calls deep an edge is followed
STATEMENT_START = ';{}:'  # what the code line before a statement ends with
# the rules that report a barrier made redundant by its neighbour: the
# tree's redundant-barrier, and where the callee is in the TU, the function
# rules it yields to (checker/src/rules/redundant.c, in_view[])
SAYS_REDUNDANT = ('redundant-barrier', 'mb-redundant-ordered-rmw',
                  'atomic-barrier-misuse', 'duplicate-fence')


def enum_values(path, enum):
    """The values of the C enum @enum of @path: {name: value}."""
    text = open(path).read()
    body = re.search(r'enum ' + enum + r' \{(.*?)\};', text, re.S).group(1)
    body = re.sub(r'/\*.*?\*/', '', body, flags=re.S)
    names = [n.strip().split('=')[0].strip() for n in body.split(',')]
    return {n: i for i, n in enumerate(n for n in names if n)}


def flag_values(path, prefix):
    """The flags of @path's enums spelt PREFIX_X = 1 << n (or 1u << n)."""
    return {m.group(1): 1 << int(m.group(2)) for m in re.finditer(
        r'\b(' + prefix + r'[A-Z0-9_]+) = 1u? << (\d+)', open(path).read())}


CLS = enum_values(VOCAB_H, 'oc_class')
F = flag_values(VOCAB_H, 'F_')
F.update(flag_values(FACTS_H, 'FA_'))
NOT_FULL_RMW = F['F_COND'] | F['F_LOCAL_CPU'] | F['FA_C11']
NOT_FULL_FENCE = (F['F_WAKE'] | F['F_SIDE'] | F['F_SIGNAL'] | F['F_CTRL_DEP']
                  | F['F_DMA'] | F['F_LOCK_MOD'] | F['FA_C11'])


FN = {m.group(1): int(m.group(2)) for m in re.finditer(
    r'\b(FN_[A-Z_]+) = (\d+)', open(FACTS_H).read())}
# a fact that may not run on every path, or with an access beyond it
NOT_EDGE = {True: FN['FN_MAYBE'] | FN['FN_LOOP'] | FN['FN_UNSEEN_AFTER'],
            False: FN['FN_MAYBE'] | FN['FN_LOOP'] | FN['FN_UNSEEN_BEFORE']}


class Fact:
    __slots__ = ('op', 'cls', 'flags', 'name', 'file', 'line', 'col', 'leg',
                 'near')

    def __init__(self, f):
        self.op, self.cls, self.flags = f[0], int(f[1]), int(f[2])
        self.name, self.file = f[4], f[5]
        self.line, self.col, self.leg = int(f[6]), int(f[7]), int(f[10])
        self.near = int(f[17]) if len(f) > 17 and f[17] else 0


_lines = {}


def right_of_and_or(x):
    """Rows stored before the FN_* field: an && or || before the fact on
    its line is taken as putting it on the right (--refresh knows)."""
    if x.file not in _lines:
        try:
            with open(x.file, errors='replace') as f:
                _lines[x.file] = f.read().split('\n')
        except OSError:
            _lines[x.file] = []
    lines = _lines[x.file]
    text = lines[x.line - 1][:x.col - 1] if x.line <= len(lines) else ''
    return '&&' in text or '||' in text


def read_store(path):
    """Every function of the store: {name: [(file, in_header, facts)]}."""
    fns = {}
    db = sqlite3.connect('file:' + path + '?mode=ro', uri=True)
    for (text,) in db.execute('SELECT facts FROM tu'):
        cur = None
        for line in text.split('\n'):
            f = line.split('\t')
            if f[0] == 'U':
                cur = (f[2], f[4] == '1', [])
                defs = fns.setdefault(f[1], [])
                # a header function is stored by every TU that has it
                if not any(d[0] == cur[0] for d in defs):
                    defs.append(cur)
                else:
                    cur = None
            elif f[0] == 'A' and cur is not None:
                cur[2].append(Fact(f[1:]))
    db.close()
    return fns


def fully_ordered(x):
    if x.op == 'M':
        return x.cls == CLS['OC_RMW_FULL'] and not x.flags & NOT_FULL_RMW
    return (x.op == 'F' and x.cls == CLS['OC_FENCE_FULL']
            and not x.flags & NOT_FULL_FENCE)


def chain(fns, name, last, depth=0):
    """The files of the definitions edge() goes through for @name."""
    defs = fns.get(name, [])
    if len(defs) != 1 or depth >= EDGE_DEPTH or not defs[0][2]:
        return []
    x = defs[0][2][-1 if last else 0]
    return [defs[0][0]] + (chain(fns, x.name, last, depth + 1)
                           if x.op == 'C' else [])


def refresh(oc, tree, store, out, mutants, fns, timeout):
    """A copy of @store in which the files that define the callees of
    @mutants are checked again by @oc: a row stored by an older binary has
    no FN_* field (checker/src/pairs/facts.h), so a callee that stores
    through a pointer beside its RMW, or has it on the right of &&, looks
    like an edge there."""
    files = sorted({os.path.relpath(f, tree) for m in mutants
                    for f in chain(fns, m['callee'], m['after'])
                    if f.endswith('.c')})
    fresh = os.path.join(out, 'refreshed.sqlite')
    shutil.copy(store, fresh)
    print(f'checking again the {len(files)} files of the callees',
          flush=True)
    subprocess.run([oc, '-p', '.', '--facts', fresh, '--format=json', '-j',
                    '2', '-o', os.path.join(out, 'refresh.json')] + files,
                   cwd=tree, timeout=timeout * 4, check=False)
    return fresh


def edge(fns, name, last, depth=0):
    """The fully ordered fact @name ends (@last) or begins with on every
    path, or None. One definition only: a static of one name in two files
    is neither."""
    defs = fns.get(name, [])
    if len(defs) != 1 or depth >= EDGE_DEPTH or not defs[0][2]:
        return None
    x = defs[0][2][-1 if last else 0]
    # the right of && or ||; a row of before the field cannot say
    if x.leg >= 0 or x.near & NOT_EDGE[last] or right_of_and_or(x):
        return None
    if x.op == 'C':
        return edge(fns, x.name, last, depth + 1)
    return x if fully_ordered(x) else None


def blank_comments(text):
    return re.sub(r'/\*.*?\*/|//[^\n]*',
                  lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text,
                  flags=re.S)


def statement_end(code, i):
    """From the callee's name at offset @i: the offset of the ';' that ends
    the call's statement right after its ')', or -1."""
    i = code.find('(', i)
    depth = 0
    while 0 <= i < len(code):
        c = code[i]
        depth += (c == '(') - (c == ')')
        if c in '"\'':
            j = code.find(c, i + 1)
            while j > 0 and code[j - 1] == '\\':
                j = code.find(c, j + 1)
            i = j
        elif depth == 0:
            rest = code[i + 1:].lstrip(' \t')
            return len(code) - len(rest) if rest.startswith(';') else -1
        i += 1
    return -1


def site(lines, code_lines, offsets, code, call):
    """Where to insert beside @call: (line before which to insert, its
    indent, the call's statement's last line), or None where the call is
    not a statement of its own (x = f(...); counts) that a line beside it
    would leave alone: in a macro, the body of an if or loop without
    braces, part of an expression."""
    ln = call.line - 1
    if ln >= len(lines) or lines[ln].rstrip().endswith('\\'):
        return None
    before = code_lines[ln][:call.col - 1]
    if not re.fullmatch(r'\s*([\w.\->\[\]*]+\s*=\s*)?', before):
        return None
    if not code_lines[ln][call.col - 1:].startswith(call.name + '('):
        return None
    prev = ln - 1
    while prev >= 0 and not code_lines[prev].strip():
        prev -= 1
    if prev < 0 or code_lines[prev].rstrip()[-1:] not in STATEMENT_START:
        return None
    end = statement_end(code, offsets[ln] + call.col - 1)
    if end < 0:
        return None
    last = code.count('\n', 0, end)
    if code_lines[last][code_lines[last].index(';', end - offsets[last])
                        + 1:].strip():
        return None
    indent = re.match(r'\s*', lines[ln]).group(0)
    return ln, indent, last


def find_mutants(fns, tree, dirs):
    exits = {n for n in fns if edge(fns, n, True)}
    entries = {n for n in fns if edge(fns, n, False)}
    by_file = {}
    for name, defs in fns.items():
        for file, in_header, facts in defs:
            if in_header or not file.endswith('.c'):
                continue
            rel = os.path.relpath(file, tree)
            if rel.split('/')[0] not in dirs:
                continue
            for x in facts:
                if x.op != 'C' or x.file != file:
                    continue
                callee = fns.get(x.name, [])
                if len(callee) != 1 or callee[0][0] == file:
                    continue  # the function rule's: the callee is in view
                for after, table in ((True, exits), (False, entries)):
                    if x.name in table:
                        by_file.setdefault(rel, []).append((x, after))
    out = []
    for rel in sorted(by_file):
        path = os.path.join(tree, rel)
        with open(path, encoding='utf-8', errors='surrogateescape') as f:
            text = f.read()
        lines, code = text.split('\n'), blank_comments(text)
        code_lines = code.split('\n')
        offsets, o = [], 0
        for line in lines:
            offsets.append(o)
            o += len(line) + 1
        seen = set()
        for x, after in by_file[rel]:
            s = site(lines, code_lines, offsets, code, x)
            if not s or (x.line, after) in seen:
                continue
            seen.add((x.line, after))
            e = edge(fns, x.name, after)
            out.append({'file': rel, 'call_line': x.line, 'callee': x.name,
                        'after': after,
                        # a header's static inline is in the TU: the
                        # function rules' (mb-redundant-ordered-rmw too)
                        'in_tu': fns[x.name][0][1],
                        'insert_before': s[2] + 1 if after else s[0],
                        'indent': s[1],
                        'edge': f'{e.name}() {os.path.relpath(e.file, tree)}'
                                f':{e.line}'})
    return out


BARRIER = re.compile(r'\s*smp_mb(__(before|after)_atomic)?\(\s*\);\s*$')


def existing(mutants, tree):
    """The barriers already there where a mutant would go: what the
    unmutated tree can gain (each to be read; a comment between is seen
    through, as the checker does)."""
    n = 0
    for m in mutants:
        with open(os.path.join(tree, m['file']), errors='replace') as f:
            code = blank_comments(f.read()).split('\n')
        i = m['insert_before'] + (0 if m['after'] else -1)
        step = 1 if m['after'] else -1
        while 0 <= i < len(code) and not code[i].strip():
            i += step
        if 0 <= i < len(code) and BARRIER.fullmatch(code[i]):
            n += 1
            print(f"{m['file']}:{i + 1} {code[i].strip()} "
                  f"{'after' if m['after'] else 'before'} {m['callee']}() "
                  f"({m['edge']}){' (in the TU)' if m['in_tu'] else ''}")
    print(f'{n} barriers already beside such a call')
    return 0


def apply(path, m):
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        lines = f.read().split('\n')
    lines.insert(m['insert_before'], m['indent'] + 'smp_mb();')
    with open(path, 'w', encoding='utf-8', errors='surrogateescape') as f:
        f.write('\n'.join(lines))


def run(oc, tree, store, rel, timeout):
    """The findings of @rel, its partners taken from the whole store."""
    cmd = [oc, '-p', '.', '--facts', store, '--format=json', '-j', '1', rel]
    r = subprocess.run(cmd, capture_output=True, timeout=timeout, cwd=tree)
    if r.returncode > 1:
        return None, r.stderr.decode(errors='replace')[-500:]
    return json.loads(r.stdout.decode('utf-8'))['diagnostics'], None


def main():
    # a kill must not leave a mutated kernel file behind
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('ordercheck')
    ap.add_argument('tree')
    ap.add_argument('--store', required=True)
    ap.add_argument('--dirs', nargs='+',
                    default=['kernel', 'mm', 'fs', 'block', 'net', 'lib'])
    ap.add_argument('--out', default=None)
    ap.add_argument('--limit', type=int, default=0)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--timeout', type=int, default=900)
    ap.add_argument('--list', action='store_true')
    ap.add_argument('--existing', action='store_true',
                    help='list the barriers already where a mutant would '
                    'go, and check none')
    ap.add_argument('--refresh', action='store_true',
                    help='first check again, into a copy of the store, the '
                    'files of the sampled callees')
    ap.add_argument('--cross', action='store_true',
                    help='only callees of another TU (no header inlines)')
    a = ap.parse_args()
    oc, tree = os.path.abspath(a.ordercheck), os.path.abspath(a.tree)
    out = os.path.abspath(a.out or tempfile.mkdtemp(prefix='insert-'))
    os.makedirs(out, exist_ok=True)
    fns = read_store(os.path.abspath(a.store))
    mutants = find_mutants(fns, tree, a.dirs)
    print(f'{len(mutants)} calls of a function that ends (begins) fully '
          f'ordered, in {" ".join(a.dirs)}', flush=True)
    if a.cross:
        mutants = [m for m in mutants if not m['in_tu']]
    if a.limit and len(mutants) > a.limit:
        step = len(mutants) / a.limit
        mutants = [mutants[(int(i * step) + a.seed) % len(mutants)]
                   for i in range(a.limit)]
    if a.existing:
        return existing(mutants, tree)
    if a.refresh:
        a.store = refresh(oc, tree, os.path.abspath(a.store), out, mutants,
                          fns, a.timeout)
        fns = read_store(a.store)
        kept = [m for m in mutants if edge(fns, m['callee'], m['after'])]
        print(f'{len(mutants) - len(kept)} of {len(mutants)} callees are no '
              f'edge with their facts checked again', flush=True)
        for m in mutants:
            if m not in kept:
                print(f"dropped  {m['file']}:{m['call_line']} "
                      f"{m['callee']}() ({m['edge']})")
        mutants = kept
    if a.list:
        for m in mutants:
            print(f"{m['file']}:{m['call_line']} {m['callee']}() "
                  f"{'after' if m['after'] else 'before'}: {m['edge']}"
                  f"{' (in the TU)' if m['in_tu'] else ''}")
        return 0
    found = by_new_rule = 0
    for m in mutants:
        path = os.path.join(tree, m['file'])
        scratch = os.path.join(out, 'scratch.sqlite')
        saved = os.path.join(out, 'original.c')
        shutil.copy(path, saved)
        try:
            apply(path, m)
            shutil.copy(a.store, scratch)
            diags, err = run(oc, tree, scratch, m['file'], a.timeout)
        finally:
            shutil.copy(saved, path)
            os.utime(path, None)
        line = m['insert_before'] + 1
        if diags is None:
            m['outcome'], m['error'] = 'error', err
        else:
            m['new'] = [d for d in diags if d['rule'] in SAYS_REDUNDANT
                        and d['line'] == line and d['file'] == m['file']]
            m['outcome'] = 'reported' if m['new'] else 'missed'
            found += bool(m['new'])
            by_new_rule += any(d['rule'] == 'redundant-barrier'
                               for d in m['new'])
        print(f"{m['outcome']:8} {m['file']}:{line} smp_mb() "
              f"{'after' if m['after'] else 'before'} {m['callee']}() "
              f"({m['edge']})"
              + ''.join(f"\n         {d['message'][:120]}"
                        for d in m.get('new', [])), flush=True)
    with open(os.path.join(out, 'mutants.json'), 'w') as f:
        json.dump(mutants, f, indent=1)
    n = len(mutants)
    errors = sum(m['outcome'] == 'error' for m in mutants)
    cross = [m for m in mutants if not m['in_tu']]
    cross_found = sum(m['outcome'] == 'reported' for m in cross)
    print(f'reported {found} of {n} inserted barriers'
          f' ({100.0 * found / max(n, 1):.1f}%), {by_new_rule} by '
          f'redundant-barrier, {errors} errors; details in '
          f'{out}/mutants.json')
    print(f'callee in another TU: {cross_found} of {len(cross)} reported; '
          f'callee a header\'s static inline (the function rules see it): '
          f'{found - cross_found} of {n - len(cross)}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
