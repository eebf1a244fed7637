#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""gen-verdicts.py: herd7's verdict for every two-thread shape and every
pair of ordering kinds, as an X-macro table (checker/src/vocab/verdicts.def).

usage: gen-verdicts.py --herd7 HERD7 --lkmm-dir DIR [--lkmm-name NAME]
                       [--rc11 FILE] [--litmus-dir DIR] [-j N]
                       (-o FILE | --check FILE | --tests-only)

The shapes are the classic two-thread ones (MP, S, SB, LB, R, 2+2W); each
thread ("side") makes two accesses, and what orders them is its kind: none,
a fence between them, an acquire or release access, a dependency, an RMW,
an unlock+lock. Every combination of the kinds that make sense for the two
sides' access pairs is written as a litmus test -- LKMM syntax for the
kernel kinds, C11 syntax for the C11 kinds -- and herd7 runs it: the LKMM
with `-conf linux-kernel.cfg` in DIR (a kernel's tools/memory-model), C11
with `-model rc11.cat` (herd7's own library). The verdict of a row is
exactly herd7's "Observation NAME Never|Sometimes|Always" line: ALLOWED when
the exists clause (the outcome the shape is about) is satisfiable
(Sometimes, Always), FORBIDDEN when it is not (Never). Nothing here decides
a verdict.

  -o FILE        write the table to FILE
  --check FILE   regenerate and compare with FILE; exit 1 with a diff if
                 they differ
  --tests-only   write the litmus tests into --litmus-dir and stop (no
                 herd7 needed)
  --litmus-dir   keep the tests there (DIR/lkmm/NAME.litmus,
                 DIR/rc11/NAME.litmus); default: a temporary directory
  --lkmm-name    how the header names the kernel (default "Linux 6.1")
  --rc11         the RC11 model file to hash (default: rc11.cat in herd7's
                 library, found beside the herd7 binary)
  -j N           herd7 processes at a time (default 2)

Exit status: 0 done (or the same table), 1 the table differs or herd7 did
not give one verdict per test, 2 usage error.
"""
import argparse
import concurrent.futures
import difflib
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

# --------------------------------------------------------------------------
# Shapes. Each thread makes two accesses; a write has a value, a read a
# register (r0 for a thread's first access, r1 for its second). The
# outcome is the one the shape is named for: which write each read reads
# ('init' or the (thread, index) of a write), and for a location written
# by both threads which write is coherence-last (its final value).
# Values follow the kernel's tools/memory-model/litmus-tests.

W, R = 'W', 'R'


class Shape:
    def __init__(self, name, ident, threads, reads, last):
        self.name = name          # in test names: MP, 2+2W
        self.ident = ident        # in the table: MP, TWO_PLUS_TWO_W
        self.threads = threads    # [[(op, loc, value), (op, loc, value)], ...]
        self.reads = reads        # {(t, i): 'init' | (t, i) of a write}
        self.last = last          # {loc: (t, i) of the co-last write}

    def pair(self, t):
        return self.threads[t][0][0] + self.threads[t][1][0]


SHAPES = [
    Shape('MP', 'MP',
          [[(W, 'x', 1), (W, 'y', 1)], [(R, 'y', None), (R, 'x', None)]],
          {(1, 0): (0, 1), (1, 1): 'init'}, {}),
    Shape('S', 'S',
          [[(W, 'x', 2), (W, 'y', 1)], [(R, 'y', None), (W, 'x', 1)]],
          {(1, 0): (0, 1)}, {'x': (0, 0)}),
    Shape('SB', 'SB',
          [[(W, 'x', 1), (R, 'y', None)], [(W, 'y', 1), (R, 'x', None)]],
          {(0, 1): 'init', (1, 1): 'init'}, {}),
    Shape('LB', 'LB',
          [[(R, 'x', None), (W, 'y', 1)], [(R, 'y', None), (W, 'x', 1)]],
          {(0, 0): (1, 1), (1, 0): (0, 1)}, {}),
    Shape('R', 'R',
          [[(W, 'x', 1), (W, 'y', 1)], [(W, 'y', 2), (R, 'x', None)]],
          {(1, 1): 'init'}, {'y': (1, 0)}),
    Shape('2+2W', 'TWO_PLUS_TWO_W',
          [[(W, 'x', 1), (W, 'y', 2)], [(W, 'y', 1), (W, 'x', 2)]],
          {}, {'x': (0, 0), 'y': (1, 0)}),
]

# --------------------------------------------------------------------------
# Kinds. A kind is how one side orders its two accesses. plan(pair) gives,
# for the access pair ('WW', 'RR', 'WR', 'RW'), the flavour of each access,
# the statements between them, and a wrapper ('ctrl': the second access in
# an `if` on the first one's value; 'lock': each access in its own critical
# section of one lock; 'addr': the second access's address is the first
# one's value), or None where the kind does not apply.
#
# Where a kind marks one access of the pair: a load kind marks the load (of
# RR the first, the flag); a store kind marks the store (of WW the second,
# the flag); an RMW is the store of the pair (of WW the second), of RR the
# first load.

PAIRS = ('WW', 'RR', 'WR', 'RW')


def load_at(pair):
    return {'RR': 0, 'RW': 0, 'WR': 1}.get(pair)


def store_at(pair):
    return {'WW': 1, 'RW': 1, 'WR': 0}.get(pair)


def rmw_at(pair):
    return 0 if pair == 'RR' else store_at(pair)


class Plan:
    def __init__(self, flavours, between=(), wrap=None, inside=()):
        self.flavours = list(flavours)   # per access: model flavour name
        self.between = list(between)     # statements between the accesses
        self.wrap = wrap                 # None, 'ctrl', 'lock', 'addr'
        self.inside = list(inside)       # ctrl: statements before the 2nd


class Kind:
    def __init__(self, ident, token, text, plan):
        self.ident = ident    # in the table: WMB
        self.token = token    # in test names: wmb
        self.text = text      # in the table's header
        self.plan = plan      # pair -> Plan or None


def marked(base, at_fn, flavour, **kw):
    """base flavours, with the access at_fn(pair) made `flavour`."""
    def plan(pair):
        i = at_fn(pair)
        if i is None:
            return None
        f = [base, base]
        f[i] = flavour
        return Plan(f, **kw)
    return plan


def fence(base, stmt):
    return lambda pair: Plan([base, base], between=[stmt])


def both(base, load, store, pairs=('WR', 'RW')):
    def plan(pair):
        if pair not in pairs:
            return None
        return Plan([load if pair[i] == R else store for i in range(2)])
    return plan


def ctrl(base, inside=()):
    return lambda pair: (Plan([base, base], wrap='ctrl', inside=inside)
                         if pair in ('RR', 'RW') else None)


def addr(base):
    return lambda pair: (Plan([base, base], wrap='addr')
                         if pair in ('RR', 'RW') else None)


def void_rmw(at, stmt):
    """a void RMW as access `at` with a barrier on the other side of it."""
    def plan(pair):
        if pair[at] != W:
            return None
        f = ['once', 'once']
        f[at] = 'add'
        return Plan(f, between=[stmt])
    return plan


LKMM_KINDS = [
    Kind('NONE', 'po', 'READ_ONCE()/WRITE_ONCE(), nothing between',
         lambda pair: Plan(['once', 'once'])),
    Kind('WMB', 'wmb', 'smp_wmb() between', fence('once', 'smp_wmb();')),
    Kind('RMB', 'rmb', 'smp_rmb() between', fence('once', 'smp_rmb();')),
    Kind('MB', 'mb', 'smp_mb() between', fence('once', 'smp_mb();')),
    Kind('ACQUIRE', 'acquire', 'the load is smp_load_acquire() (RR: the first)',
         marked('once', load_at, 'acquire')),
    Kind('RELEASE', 'release', 'the store is smp_store_release() (WW: the second)',
         marked('once', store_at, 'release')),
    Kind('ACQ_REL', 'acqrel', 'smp_load_acquire() and smp_store_release() (RW, WR)',
         both('once', 'acquire', 'release')),
    Kind('CTRL', 'ctrl', 'the second access in `if (r0)` on the first load',
         ctrl('once')),
    Kind('CTRL_ACQ', 'ctrlacq',
         'as CTRL, with smp_acquire__after_ctrl_dep() first in the `if` '
         '(written smp_rmb(), its asm-generic definition: linux-kernel.def '
         'has no such macro)',
         ctrl('once', inside=['smp_rmb();'])),
    Kind('ADDR', 'addr', 'the second access goes through the pointer the first '
         'load read (READ_ONCE(); rcu_dereference() is the same macro in '
         'linux-kernel.def)', addr('once')),
    Kind('RMW_MB', 'rmw', 'a fully ordered RMW: the store is xchg() '
         '(WW: the second), RR: the first load is atomic_add_return(0, ...)',
         marked('once', rmw_at, 'rmw')),
    Kind('AFTER_ATOMIC', 'afteratomic', 'the first access (a store) is a void '
         'atomic_add(), then smp_mb__after_atomic()',
         void_rmw(0, 'smp_mb__after_atomic();')),
    Kind('BEFORE_ATOMIC', 'beforeatomic', 'smp_mb__before_atomic(), then the '
         'second access (a store) is a void atomic_add()',
         void_rmw(1, 'smp_mb__before_atomic();')),
    Kind('UNLOCK_LOCK', 'unlocklock', 'each access in its own critical section '
         'of the same spinlock: spin_unlock(); spin_lock() between (a lock the '
         'other side does not take)',
         lambda pair: Plan(['once', 'once'], wrap='lock')),
]

C11_KINDS = [
    Kind('RLX', 'rlx', 'both accesses relaxed',
         lambda pair: Plan(['relaxed', 'relaxed'])),
    Kind('ACQ', 'acq', 'the load is acquire (RR: the first), the other relaxed',
         marked('relaxed', load_at, 'acquire')),
    Kind('REL', 'rel', 'the store is release (WW: the second), the other relaxed',
         marked('relaxed', store_at, 'release')),
    Kind('ACQ_REL', 'acqrel', 'the load acquire and the store release (RW, WR)',
         both('relaxed', 'acquire', 'release')),
    Kind('SC', 'sc', 'both accesses seq_cst',
         lambda pair: Plan(['seq_cst', 'seq_cst'])),
    Kind('RMW_ACQ_REL', 'rmwacqrel', 'an acq_rel RMW: the store is '
         'atomic_exchange_explicit() (WW: the second), RR: the first load is '
         'atomic_fetch_add_explicit(.., 0, ..); the other access relaxed',
         marked('relaxed', rmw_at, 'rmw:acq_rel')),
    Kind('RMW_SC', 'rmwsc', 'as RMW_ACQ_REL, seq_cst',
         marked('relaxed', rmw_at, 'rmw:seq_cst')),
    Kind('FENCE_ACQ', 'fenceacq', 'atomic_thread_fence(memory_order_acquire) '
         'between relaxed accesses',
         fence('relaxed', 'atomic_thread_fence(memory_order_acquire);')),
    Kind('FENCE_REL', 'fencerel', 'atomic_thread_fence(memory_order_release) '
         'between', fence('relaxed', 'atomic_thread_fence(memory_order_release);')),
    Kind('FENCE_ACQ_REL', 'fenceacqrel', 'atomic_thread_fence(memory_order_acq_rel) '
         'between', fence('relaxed', 'atomic_thread_fence(memory_order_acq_rel);')),
    Kind('FENCE_SC', 'fencesc', 'atomic_thread_fence(memory_order_seq_cst) '
         'between', fence('relaxed', 'atomic_thread_fence(memory_order_seq_cst);')),
    Kind('CTRL', 'ctrl', 'relaxed accesses, the second in `if (r0)` on the first',
         ctrl('relaxed')),
    Kind('ADDR', 'addr', 'relaxed accesses, the second through the pointer the '
         'first read', addr('relaxed')),
]


class Model:
    def __init__(self, ident, sub, kinds):
        self.ident = ident   # in the table: LKMM, RC11
        self.sub = sub       # litmus subdirectory
        self.kinds = kinds


MODELS = [Model('LKMM', 'lkmm', LKMM_KINDS), Model('RC11', 'rc11', C11_KINDS)]

# --------------------------------------------------------------------------
# Writing one test


class Skip(Exception):
    """this combination cannot be written as a test of its shape"""


def access_code(model, flavour, op, addr, value, reg):
    """one access as a statement."""
    if model.ident == 'LKMM':
        if op == R:
            return {
                'once': f'{reg} = READ_ONCE(*{addr});',
                'acquire': f'{reg} = smp_load_acquire({addr});',
                'rmw': f'{reg} = atomic_add_return(0, {addr});',
            }[flavour]
        return {
            'once': f'WRITE_ONCE(*{addr}, {value});',
            'release': f'smp_store_release({addr}, {value});',
            'rmw': f'{reg} = xchg({addr}, {value});',
            'add': f'atomic_add({value}, {addr});',
        }[flavour]
    if flavour.startswith('rmw:'):
        mo = 'memory_order_' + flavour[4:]
        if op == R:
            return f'{reg} = atomic_fetch_add_explicit({addr}, 0, {mo});'
        return f'{reg} = atomic_exchange_explicit({addr}, {value}, {mo});'
    mo = 'memory_order_' + flavour
    if op == R:
        return f'{reg} = atomic_load_explicit({addr}, {mo});'
    return f'atomic_store_explicit({addr}, {value}, {mo});'


def build(model, shape, k0, k1):
    """(name, text of the litmus test) or raise Skip."""
    kinds = [k0, k1]
    plans = []
    for t in range(2):
        p = kinds[t].plan(shape.pair(t))
        if p is None:
            raise Skip('kind does not apply')
        plans.append(p)

    # A location a side reads to head an address dependency holds
    # pointers: the address of the location its dependent access touches.
    pointee = {}
    for t in range(2):
        if plans[t].wrap == 'addr':
            head, dep = shape.threads[t][0], shape.threads[t][1]
            assert head[0] == R
            pointee[head[1]] = dep[1]
    dummy = {loc: 'd' + loc for loc in pointee}

    # Every write to a location: (t, i, op, value) where op is 'set' or
    # 'add' (a void atomic_add()); RMW loads write back what they read.
    writes = {}
    for t in range(2):
        for i, (op, loc, value) in enumerate(shape.threads[t]):
            fl = plans[t].flavours[i]
            if op == W:
                kind = 'add' if fl == 'add' else 'set'
                if loc in pointee:
                    if kind == 'add':
                        raise Skip(f'{loc} holds a pointer (ADDR reads it), '
                                   'atomic_add() cannot store one')
                    value = pointee[loc]
                writes.setdefault(loc, []).append((t, i, kind, value))
            elif fl == 'rmw' or fl.startswith('rmw:'):
                writes.setdefault(loc, []).append((t, i, 'same', None))

    def init(loc):
        return dummy.get(loc, 0)

    def apply(v, w):
        return {'set': lambda: w[3], 'add': lambda: v + w[3],
                'same': lambda: v}[w[2]]()

    conds = []
    for t in range(2):
        for i, (op, loc, _) in enumerate(shape.threads[t]):
            if op != R or (t, i) not in shape.reads:
                continue
            src = shape.reads[(t, i)]
            if src == 'init':
                val = init(loc)
            else:
                real = [w for w in writes[loc] if w[2] != 'same']
                assert len(real) == 1 and real[0][:2] == src, (shape.name, loc)
                val = apply(init(loc), real[0])
            if plans[t].wrap == 'ctrl' and i == 0 and not val:
                raise Skip('the outcome reads 0 where the `if` needs non-zero')
            conds.append(f'{t}:r{i}={val}')
    for loc, last in sorted(shape.last.items()):
        ws = writes[loc]
        if len(ws) != 2 or any(w[2] == 'same' for w in ws):
            raise AssertionError((shape.name, loc, ws))
        first = [w for w in ws if w[:2] != last]
        lastw = [w for w in ws if w[:2] == last]
        want = apply(apply(init(loc), first[0]), lastw[0])
        other = apply(apply(init(loc), lastw[0]), first[0])
        if want == other:
            raise Skip(f'both writes of {loc} are atomic_add(), the final '
                       'value does not order them')
        conds.append(f'{loc}={want}')

    name = f'{shape.name}+{k0.token}+{k1.token}'
    locks = ['s', 't']
    procs = []
    for t in range(2):
        plan = plans[t]
        acc = shape.threads[t]
        lkmm = model.ident == 'LKMM'
        locs = sorted({a[1] for a in acc})
        params = []
        for loc in locs:
            if lkmm:
                params.append(f'int **{loc}' if loc in pointee else f'int *{loc}')
            else:
                params.append(f'_Atomic(int *) *{loc}' if loc in pointee
                              else f'atomic_int *{loc}')
        if plan.wrap == 'lock':
            params.insert(0, f'spinlock_t *{locks[t]}')
        decls = []
        for i, (op, loc, _) in enumerate(acc):
            fl = plan.flavours[i]
            if op == R or fl == 'rmw' or fl.startswith('rmw:'):
                ptr = loc in pointee
                decls.append(f'int *r{i};' if ptr else f'int r{i};')
        stmts = []
        for i, (op, loc, _) in enumerate(acc):
            address = loc
            if plan.wrap == 'addr' and i == 1:
                address = 'r0'
            value = None
            if op == W:
                value = pointee.get(loc, acc[i][2])
            code = access_code(model, plan.flavours[i], op, address, value, f'r{i}')
            stmts.append(code)
        body = []
        if plan.wrap == 'lock':
            lk = locks[t]
            body += [f'spin_lock({lk});', stmts[0], f'spin_unlock({lk});',
                     f'spin_lock({lk});', stmts[1], f'spin_unlock({lk});']
        elif plan.wrap == 'ctrl':
            body += [stmts[0], 'if (r0) {']
            body += ['\t' + s for s in plan.inside + [stmts[1]]]
            body += ['}']
        else:
            body += [stmts[0]] + plan.between + [stmts[1]]
        lines = [f'P{t}({", ".join(params)})', '{']
        if decls:
            lines += ['\t' + d for d in decls] + ['']
        lines += ['\t' + b for b in body]
        lines += ['}']
        procs.append('\n'.join(lines))

    init_lines = [f'{loc}={dummy[loc]};' for loc in sorted(dummy)]
    head = (f'C {name}\n\n'
            f'(*\n'
            f' * Generated by tools/verdicts/gen-verdicts.py ({model.ident}).\n'
            f' * {shape.name}: P0 {shape.pair(0)} {k0.ident}, '
            f'P1 {shape.pair(1)} {k1.ident}.\n'
            f' *)\n\n')
    text = head + '{\n' + ''.join(l + '\n' for l in init_lines) + '}\n\n'
    text += '\n\n'.join(procs) + '\n\n'
    text += 'exists (' + ' /\\ '.join(conds) + ')\n'
    return name, text


def enumerate_tests():
    """[(model, shape, k0, k1, name, text)], [(model, shape, k0, k1, why)]"""
    tests, skipped = [], []
    for model in MODELS:
        for shape in SHAPES:
            for k0 in model.kinds:
                for k1 in model.kinds:
                    try:
                        name, text = build(model, shape, k0, k1)
                    except Skip as e:
                        if str(e) != 'kind does not apply':
                            skipped.append((model, shape, k0, k1, str(e)))
                        continue
                    tests.append((model, shape, k0, k1, name, text))
    return tests, skipped


# --------------------------------------------------------------------------
# Running herd7

OBS = re.compile(r'^Observation (\S+) (Never|Sometimes|Always) (\d+) (\d+)\s*$')


def run_herd(herd7, args, cwd, files):
    """{name: (verdict word, positive, negative)} from one herd7 run."""
    p = subprocess.run([herd7] + args + files, cwd=cwd, capture_output=True,
                       text=True)
    out = {}
    for line in p.stdout.splitlines():
        m = OBS.match(line)
        if m:
            if m.group(1) in out:
                raise RuntimeError(f'herd7 observed {m.group(1)} twice')
            out[m.group(1)] = (m.group(2), int(m.group(3)), int(m.group(4)))
    if p.returncode != 0 or p.stderr.strip():
        raise RuntimeError(f'herd7 {" ".join(args)} exited {p.returncode}:\n'
                           f'{p.stderr.strip()}\n(first of {len(files)} '
                           f'files: {files[0]})')
    return out


def herd_all(herd7, lkmm_dir, rc11, tests, litmus_dir, jobs):
    """{(model ident, name): verdict word}; every test exactly once."""
    batches = []
    for model in MODELS:
        files = [os.path.join(litmus_dir, model.sub, t[4] + '.litmus')
                 for t in tests if t[0] is model]
        if model.ident == 'LKMM':
            args, cwd = ['-conf', 'linux-kernel.cfg'], lkmm_dir
        else:
            args, cwd = ['-model', rc11], None
        step = max(1, (len(files) + 2 * jobs - 1) // (2 * jobs))
        for i in range(0, len(files), step):
            batches.append((model, args, cwd, files[i:i + step]))
    verdicts = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = [(b[0], ex.submit(run_herd, herd7, b[1], b[2], b[3]))
                for b in batches]
        for model, f in futs:
            for name, v in f.result().items():
                verdicts[(model.ident, name)] = v
    missing = [t[4] for t in tests if (t[0].ident, t[4]) not in verdicts]
    if missing:
        raise RuntimeError(f'herd7 gave no verdict for {len(missing)} tests: '
                           + ', '.join(missing[:10]))
    if len(verdicts) != len(tests):
        raise RuntimeError(f'{len(verdicts)} verdicts for {len(tests)} tests')
    return verdicts


# --------------------------------------------------------------------------
# The table


def sha256(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def herd_version(herd7):
    p = subprocess.run([herd7, '-version'], capture_output=True, text=True)
    return (p.stdout.strip() or p.stderr.strip()).splitlines()[0]


LKMM_FILES = ['linux-kernel.cfg', 'linux-kernel.cat', 'linux-kernel.bell',
              'linux-kernel.def', 'lock.cat']


def table(tests, skipped, verdicts, herd7_version, lkmm_dir, lkmm_name, rc11):
    out = []
    w = out.append
    w('/* SPDX-License-Identifier: GPL-2.0 */')
    w('/*')
    w(' * GENERATED by tools/verdicts/gen-verdicts.py: do not edit. What herd7')
    w(' * says of each two-thread shape with each pair of ordering kinds:')
    w(' *   VERDICT(model, shape, kind of P0, kind of P1, verdict, test name)')
    w(' * verdict: ALLOWED when herd7 finds the outcome the shape is named for')
    w(' * (its exists clause: Sometimes or Always), FORBIDDEN when not (Never).')
    w(' *')
    w(f' * herd7: {herd7_version}')
    w(f' * LKMM: tools/memory-model of {lkmm_name}, herd7 -conf linux-kernel.cfg;')
    for f in LKMM_FILES:
        w(f' *   sha256 {sha256(os.path.join(lkmm_dir, f))}  {f}')
    w(' * RC11: herd7 -model rc11.cat (herd7\'s library);')
    w(f' *   sha256 {sha256(rc11)}  rc11.cat')
    w(' * Regenerate (herd7 on PATH or in /opt/herd7/bin, linux-source-6.1):')
    w(' *   testcases/verdicts/run.sh update build/litmus-corpus')
    w(' * which runs gen-verdicts.py --lkmm-dir <the tarball\'s')
    w(' * tools/memory-model> -o checker/src/vocab/verdicts.def; ctest -R')
    w(' * verdicts-table fails when this file is not what herd7 says.')
    w(' *')
    w(' * Shapes (P0 || P1; the outcome):')
    for s in SHAPES:
        def acc(a):
            return f'{a[0]} {a[1]}'
        w(f' *   {s.ident:<15} {acc(s.threads[0][0])}; {acc(s.threads[0][1])} || '
          f'{acc(s.threads[1][0])}; {acc(s.threads[1][1])}')
    w(' *   (MP: P1 reads y=1, x=0; S: P1 reads y=1 and P0\'s x is final; SB:')
    w(' *   both read 0; LB: both read 1; R: P1\'s y is final and it reads')
    w(' *   x=0; 2+2W: each side\'s first write is final.)')
    w(' * A kind says how a side orders its two accesses; it applies to the')
    w(' * access pairs listed (WW: two stores, RW: a load then a store, ...).')
    for model in MODELS:
        w(f' * {model.ident} kinds:')
        for k in model.kinds:
            pairs = ','.join(p for p in PAIRS if k.plan(p) is not None)
            words = k.text.split()
            line = f' *   {k.ident:<14}[{pairs}] '
            for word in words:
                if len(line) + len(word) + 1 > 79:
                    w(line.rstrip())
                    line = ' *' + ' ' * 18
                line += word + ' '
            w(line.rstrip())
    w(' * Reading the table: where a side\'s store is an RMW (RMW_*, AFTER_ATOMIC,')
    w(' * BEFORE_ATOMIC), the RMW reads the write coherence-before it, so an')
    w(' * outcome\'s co edge into it is a reads-from: R and 2+2W with such a side')
    w(' * behave as MP or S (R WMB RMW_MB is FORBIDDEN, R WMB MB is not). RC11')
    w(' * forbids every LB outcome by its no-thin-air axiom, acyclic (sb | rf),')
    w(' * which ISO C11 does not have.')
    if skipped:
        w(' * Not in the table (no test of the shape can be written):')
        for model, shape, k0, k1, why in skipped:
            w(f' *   {model.ident} {shape.ident} {k0.ident} {k1.ident}:')
            w(f' *     {why}')
    w(' */')
    counts = {}
    for model, shape, k0, k1, name, _ in tests:
        word = verdicts[(model.ident, name)][0]
        verdict = 'FORBIDDEN' if word == 'Never' else 'ALLOWED'
        counts.setdefault(model.ident, [0, 0])[verdict == 'FORBIDDEN'] += 1
        w(f'VERDICT({model.ident}, {shape.ident}, {k0.ident}, {k1.ident}, '
          f'{verdict}, "{name}")')
    return '\n'.join(out) + '\n', counts


def write_tests(tests, litmus_dir):
    for model in MODELS:
        os.makedirs(os.path.join(litmus_dir, model.sub), exist_ok=True)
    for model, _, _, _, name, text in tests:
        with open(os.path.join(litmus_dir, model.sub, name + '.litmus'), 'w') as f:
            f.write(text)


def find_rc11(herd7):
    real = os.path.realpath(shutil.which(herd7) or herd7)
    for d in (os.path.join(os.path.dirname(real), '..', 'share', 'herdtools7', 'herd'),
              os.path.join(os.path.dirname(real), '..', 'lib', 'herd')):
        p = os.path.join(d, 'rc11.cat')
        if os.path.isfile(p):
            return os.path.normpath(p)
    return None


def main(argv):
    ap = argparse.ArgumentParser(prog='gen-verdicts.py', add_help=True)
    ap.add_argument('--herd7', default='herd7')
    ap.add_argument('--lkmm-dir')
    ap.add_argument('--lkmm-name', default='Linux 6.1')
    ap.add_argument('--rc11')
    ap.add_argument('--litmus-dir')
    ap.add_argument('-j', type=int, default=2)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument('-o', dest='out')
    g.add_argument('--check')
    g.add_argument('--tests-only', action='store_true')
    try:
        a = ap.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0

    if a.check and not os.path.isfile(a.check):
        print(f'gen-verdicts.py: no table {a.check} to check', file=sys.stderr)
        return 2
    tests, skipped = enumerate_tests()
    if a.tests_only:
        if not a.litmus_dir:
            print('gen-verdicts.py: --tests-only needs --litmus-dir', file=sys.stderr)
            return 2
        write_tests(tests, a.litmus_dir)
        print(f'{len(tests)} tests in {a.litmus_dir}')
        return 0
    if not a.lkmm_dir or not os.path.isfile(os.path.join(a.lkmm_dir, 'linux-kernel.cfg')):
        print(f'gen-verdicts.py: no linux-kernel.cfg in --lkmm-dir {a.lkmm_dir}',
              file=sys.stderr)
        return 2
    lkmm_dir = os.path.abspath(a.lkmm_dir)
    herd7 = shutil.which(a.herd7)
    if not herd7:
        print(f'gen-verdicts.py: herd7 not found ({a.herd7})', file=sys.stderr)
        return 2
    rc11 = a.rc11 or find_rc11(herd7)
    if not rc11 or not os.path.isfile(rc11):
        print('gen-verdicts.py: rc11.cat not found beside herd7; use --rc11',
              file=sys.stderr)
        return 2

    tmp = None
    litmus_dir = a.litmus_dir
    if not litmus_dir:
        tmp = tempfile.TemporaryDirectory(prefix='verdicts.')
        litmus_dir = tmp.name
    write_tests(tests, litmus_dir)
    try:
        verdicts = herd_all(herd7, lkmm_dir, rc11, tests, litmus_dir, a.j)
    except RuntimeError as e:
        print(f'gen-verdicts.py: {e}', file=sys.stderr)
        return 1
    text, counts = table(tests, skipped, verdicts, herd_version(herd7),
                         lkmm_dir, a.lkmm_name, rc11)
    for model in MODELS:
        allowed, forbidden = counts.get(model.ident, [0, 0])
        print(f'{model.ident}: {allowed + forbidden} tests, {allowed} allowed, '
              f'{forbidden} forbidden', file=sys.stderr)
    if a.out:
        with open(a.out, 'w') as f:
            f.write(text)
        return 0
    with open(a.check) as f:
        old = f.read()
    if old == text:
        print(f'{a.check}: as herd7 says', file=sys.stderr)
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        old.splitlines(True), text.splitlines(True), a.check, 'herd7 now'))
    print(f'{a.check} differs from what herd7 says now (diff above)',
          file=sys.stderr)
    return 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
