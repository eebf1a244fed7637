#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""measure.py: ordercheck's pairing against herd7 on generated cases.

usage: measure.py [--ordercheck BIN] [--table FILE] [--model LKMM|RC11|all]
                  [--shape S] [--form one|two|all] [--list fn|fp|all]
                  [--keep DIR] [--herd LKMM_DIR]

Every two-thread shape (MP, S, SB, LB, R, 2+2W) with every pair of the
ordering kinds of tools/verdicts/gen-verdicts.py (the same kinds, written
the same way, as C instead of litmus) becomes one case: two functions
over two shared locations of their own. The cases of a model go into one
file (form "one") or each side into a file of its own (form "two": P0s in
one file, P1s in the other), and ordercheck checks them (--no-facts, the
files named). A case is reported when a finding of a rule that judges the
shape's outcome (the pairing rules and the function rules that report a
reader, COUNTED below) lands in one of its two functions. herd7's verdict
is the table checker/src/vocab/verdicts.def, which gen-verdicts.py made
with herd7 (and ctest -R verdicts-table checks against herd7): positive =
ALLOWED. Per model, shape and form: precision (reported cases herd7
allows) and recall (allowed cases reported).

  --list fn|fp|all   print the missed (fn), the false (fp) cases or both
  --keep DIR         write the generated C there (default: a temporary
                     directory, removed)
  --herd LKMM_DIR    have ordercheck write the litmus test of each finding
                     and of its fix (--emit-litmus) and run herd7 on both
                     (--herd, LKMM_DIR the kernel's tools/memory-model): a
                     finding herd7 does not allow, or whose fix it does not
                     forbid, is listed (HERD ...) and counted
Exit 0, or 2 on a usage error or when ordercheck fails to run.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# The rules whose findings say "this outcome can happen": the pairing
# family's shape rules and, for MP and S, the function rules that report
# a reader the pairing rules then yield to them (their yields_to). Those
# judge a reader's dependency, not a shape: in LB they would speak of C11's
# lack of dependency ordering, which RC11's no-thin-air axiom does not
# share (see README).
COUNTED = {
    'pair-missing-acquire', 'pair-missing-release', 'pair-wrong-barrier',
    'sb-needs-full-barrier', 'lb-needs-order', 'misplaced-barrier',
    'unordered-flag', 'r-needs-order', 'two-plus-two-w-needs-order',
}
READER_RULES = {
    'ctrl-dep-load-load', 'ctrl-dep-c11-relaxed', 'addr-dep-plain-load',
    'addr-dep-c11-relaxed',
}


def counted(rule, shape):
    return rule in COUNTED or (rule in READER_RULES and shape in ('MP', 'S'))


def load_gen():
    spec = importlib.util.spec_from_file_location(
        'gen_verdicts', os.path.join(HERE, 'gen-verdicts.py'))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


ROW = re.compile(r'^VERDICT\((\w+), (\w+), (\w+), (\w+), (ALLOWED|FORBIDDEN),')


def read_table(path):
    rows = {}
    with open(path) as f:
        for line in f:
            m = ROW.match(line)
            if m:
                rows[m.group(1, 2, 3, 4)] = m.group(5) == 'ALLOWED'
    return rows


class Case:
    def __init__(self, n, model, shape, k0, k1, allowed):
        self.n = n
        self.model, self.shape, self.k0, self.k1 = model, shape, k0, k1
        self.allowed = allowed
        self.fns = [f'c{n}_p0', f'c{n}_p1']
        self.types = []      # struct definitions
        self.decls = []      # file-scope definitions
        self.externs = []    # the same, as declarations
        self.bodies = ['', '']
        self.lines = [None, None]   # (file, first, last) of each function
        self.rules = set()
        self.herd = []       # (rule, herd7 on the finding, on its fix)

    def name(self):
        return f'{self.model} {self.shape.ident} {self.k0.ident} {self.k1.ident}'


class Skip(Exception):
    pass


def lkmm_access(fl, op, lv, value, atomic):
    """one LKMM access of lvalue @lv as an expression (loads) or statement."""
    if atomic:
        if op == 'R':
            return {'once': f'atomic_read(&{lv})',
                    'acquire': f'atomic_read_acquire(&{lv})',
                    'rmw': f'atomic_add_return(0, &{lv})'}[fl]
        return {'once': f'atomic_set(&{lv}, {value});',
                'release': f'atomic_set_release(&{lv}, {value});',
                'rmw': f'(void)atomic_xchg(&{lv}, {value});',
                'add': f'atomic_add({value}, &{lv});'}[fl]
    if op == 'R':
        return {'once': f'READ_ONCE({lv})',
                'acquire': f'smp_load_acquire(&{lv})'}[fl]
    return {'once': f'WRITE_ONCE({lv}, {value});',
            'release': f'smp_store_release(&{lv}, {value});',
            'rmw': f'(void)xchg(&{lv}, {value});'}[fl]


def c11_access(fl, op, lv, value):
    if fl.startswith('rmw:'):
        mo = 'memory_order_' + fl[4:]
        if op == 'R':
            return f'atomic_fetch_add_explicit(&{lv}, 0, {mo})'
        return f'(void)atomic_exchange_explicit(&{lv}, {value}, {mo});'
    mo = 'memory_order_' + fl
    if op == 'R':
        return f'atomic_load_explicit(&{lv}, {mo})'
    return f'atomic_store_explicit(&{lv}, {value}, {mo});'


def build(gen, case):
    """Fill case.decls and case.bodies, or raise Skip."""
    shape, lkmm = case.shape, case.model == 'LKMM'
    plans = [case.k0.plan(shape.pair(0)), case.k1.plan(shape.pair(1))]
    if None in plans:
        raise Skip('kind does not apply')
    pointee = {}
    for t in range(2):
        if plans[t].wrap == 'addr':
            pointee[shape.threads[t][0][1]] = shape.threads[t][1][1]
    if set(pointee) & set(pointee.values()):
        raise Skip('a location both holds a pointer and is pointed to')
    atomic = set()
    for t in range(2):
        for i, (op, loc, _) in enumerate(shape.threads[t]):
            fl = plans[t].flavours[i]
            if lkmm and (fl == 'add' or (fl == 'rmw' and op == 'R')):
                atomic.add(loc)
    if atomic & (set(pointee) | set(pointee.values())):
        raise Skip('an atomic_t location in an address dependency')
    n = case.n
    ity = 'int' if lkmm else 'atomic_int'
    lv = {}
    for loc in ('x', 'y'):
        g = f'c{n}_{loc}'
        if loc in pointee.values():
            case.types.append(f'struct c{n}_{loc}s {{ {ity} v; }};')
            case.decls.append(f'struct c{n}_{loc}s {g};')
            case.externs.append(f'extern struct c{n}_{loc}s {g};')
            lv[loc] = f'{g}.v'
        elif loc in pointee:
            tgt = pointee[loc]
            ty = (f'struct c{n}_{tgt}s *' if lkmm else
                  f'_Atomic(struct c{n}_{tgt}s *) ')
            case.decls.append(f'{ty}{g};')
            case.externs.append(f'extern {ty}{g};')
            lv[loc] = g
        else:
            ty = 'atomic_t' if loc in atomic else ity
            case.decls.append(f'{ty} {g};')
            case.externs.append(f'extern {ty} {g};')
            lv[loc] = g
    for t in range(2):
        plan = plans[t]
        acc = shape.threads[t]
        if plan.wrap == 'lock':
            case.decls.append(f'spinlock_t c{n}_lk{t};')
            case.externs.append(f'extern spinlock_t c{n}_lk{t};')
        stmts = []
        for i, (op, loc, value) in enumerate(acc):
            lval = lv[loc]
            if plan.wrap == 'addr' and i == 1:
                lval = 'r0->v'
            if op == 'W' and loc in pointee:
                value = f'&c{n}_{pointee[loc]}'
            fl = plan.flavours[i]
            if lkmm:
                code = lkmm_access(fl, op, lval, value, loc in atomic)
            else:
                code = c11_access(fl, op, lval, value)
            if op == 'R':
                if loc in pointee:
                    ty = f'struct c{n}_{pointee[loc]}s *'
                else:
                    ty = 'int '
                code = f'{ty}r{i} = {code};'
            stmts.append(code)
        between = [s.replace('smp_rmb();', 'smp_acquire__after_ctrl_dep();')
                   if plan.wrap == 'ctrl' else s for s in plan.inside]
        body = []
        if plan.wrap == 'lock':
            lk = f'&c{n}_lk{t}'
            body = [f'spin_lock({lk});', stmts[0], f'spin_unlock({lk});',
                    f'spin_lock({lk});', stmts[1], f'spin_unlock({lk});']
        elif plan.wrap == 'ctrl':
            # r1 of a load in the `if` is its own
            body = [stmts[0], 'if (r0) {'] + ['\t' + s for s in between] + \
                ['\t' + stmts[1], '}']
        else:
            body = [stmts[0]] + plan.between + [stmts[1]]
        case.bodies[t] = body


def function_text(case, t):
    return [f'void {case.fns[t]}(void)', '{'] + \
        ['\t' + s for s in case.bodies[t]] + ['}', '']


HEAD_LKMM = ['// SPDX-License-Identifier: GPL-2.0',
             '// generated by tools/verdicts/measure.py',
             '#include <ordercheck/linux.h>', '']
HEAD_C11 = ['// SPDX-License-Identifier: GPL-2.0',
            '// generated by tools/verdicts/measure.py',
            '#include <stdatomic.h>', '']


def write_file(path, head, parts):
    """parts: [(case, t or None for declarations, lines)]; sets case.lines."""
    out = list(head)
    for case, t, lines in parts:
        first = len(out) + 1
        out += lines
        if t is not None:
            case.lines[t] = (path, first, len(out))
    with open(path, 'w') as f:
        f.write('\n'.join(out) + '\n')


DIAG = re.compile(r'^(.*?):(\d+):\d+: (warning|remark|error): .*\[([a-z0-9-]+)\]$')


HERD = re.compile(r'note: herd7 \((\w+)\): the outcome is (\w+)'
                  r'(?:; with the fix: (\w+))?$')


def run(ordercheck, files, cases, herd=None):
    """herd: (litmus dir, --herd-dir) to have each finding's test and its
    fix's run by herd7: the cases' .herd get (rule, outcome, with fix)."""
    # R and 2+2W are opt-in rules (false on Linux, not on these cases)
    extra = ['-Wr-needs-order', '-Wtwo-plus-two-w-needs-order']
    if herd:
        extra += ['--emit-litmus', herd[0], '--herd', '--herd-dir', herd[1]]
    p = subprocess.run([ordercheck, '--no-facts', '-j', '1'] + extra + files,
                       capture_output=True, text=True)
    if p.returncode not in (0, 1):
        print(f'measure.py: ordercheck exited {p.returncode}:\n{p.stderr}',
              file=sys.stderr)
        sys.exit(2)
    where = {}
    for c in cases:
        for t in range(2):
            path, lo, hi = c.lines[t]
            for ln in range(lo, hi + 1):
                where[(os.path.abspath(path), ln)] = c
    current = None
    for line in p.stdout.splitlines():
        h = HERD.search(line)
        if h and current:
            current[0].herd.append((current[1], h.group(2), h.group(3)))
            continue
        m = DIAG.match(line)
        if not m:
            continue
        c = where.get((os.path.abspath(m.group(1)), int(m.group(2))))
        current = (c, m.group(4)) if c else None
        if c and counted(m.group(4), c.shape.ident):
            c.rules.add(m.group(4))


def main(argv):
    ap = argparse.ArgumentParser(prog='measure.py')
    ap.add_argument('--ordercheck',
                    default=os.path.join(ROOT, 'build', 'ordercheck'))
    ap.add_argument('--table', default=os.path.join(
        ROOT, 'checker', 'src', 'vocab', 'verdicts.def'))
    ap.add_argument('--model', default='all')
    ap.add_argument('--shape', default='all')
    ap.add_argument('--form', default='all')
    ap.add_argument('--list', choices=('fn', 'fp', 'all'))
    ap.add_argument('--keep')
    ap.add_argument('--herd', metavar='LKMM_DIR',
                    help='also run herd7 on each finding\'s litmus test and '
                    'its fix\'s (--emit-litmus --herd, herd7 on PATH; the '
                    'kernel\'s tools/memory-model); count those not allowed '
                    'or whose fix is not forbidden')
    a = ap.parse_args(argv)
    gen = load_gen()
    rows = read_table(a.table)
    tmp = None
    out = a.keep
    if not out:
        tmp = tempfile.TemporaryDirectory(prefix='measure.')
        out = tmp.name
    os.makedirs(out, exist_ok=True)
    forms = ['one', 'two'] if a.form == 'all' else [a.form]
    results = []   # (model, shape, form, cases)
    for model in gen.MODELS:
        if a.model not in ('all', model.ident):
            continue
        for form in forms:
            cases, n = [], 0
            for shape in gen.SHAPES:
                if a.shape not in ('all', shape.ident, shape.name):
                    continue
                for k0 in model.kinds:
                    for k1 in model.kinds:
                        key = (model.ident, shape.ident, k0.ident, k1.ident)
                        if key not in rows:
                            continue
                        c = Case(n, model.ident, shape, k0, k1, rows[key])
                        try:
                            build(gen, c)
                        except Skip:
                            continue
                        n += 1
                        cases.append(c)
            head = HEAD_LKMM if model.ident == 'LKMM' else HEAD_C11
            base = os.path.join(out, f'{model.sub}-{form}')
            if form == 'one':
                parts = []
                for c in cases:
                    parts.append((c, None, c.types + c.decls + ['']))
                    parts.append((c, 0, function_text(c, 0)))
                    parts.append((c, 1, function_text(c, 1)))
                files = [base + '.c']
                write_file(files[0], head, parts)
            else:
                hdr = base + '.h'
                with open(hdr, 'w') as f:
                    f.write('\n'.join(head) + '\n')
                    for c in cases:
                        f.write('\n'.join(c.types + c.externs) + '\n')
                inc = [f'#include "{os.path.basename(hdr)}"', '']
                p0 = [(c, None, c.decls + ['']) for c in cases]
                p0 += [(c, 0, function_text(c, 0)) for c in cases]
                p1 = [(c, 1, function_text(c, 1)) for c in cases]
                files = [base + '-p0.c', base + '-p1.c']
                write_file(files[0], inc, p0)
                write_file(files[1], inc, p1)
            run(a.ordercheck, files, cases,
                (os.path.join(out, f'lit-{model.sub}-{form}'), a.herd)
                if a.herd else None)
            by_shape = {}
            for c in cases:
                by_shape.setdefault(c.shape.ident, []).append(c)
            for s, cs in by_shape.items():
                results.append((model.ident, s, form, cs))

    print(f'{"model":<5} {"shape":<15} {"form":<4} {"cases":>5} {"allowed":>7} '
          f'{"TP":>4} {"FP":>4} {"FN":>4} {"precision":>9} {"recall":>6}')
    for model, s, form, cs in results:
        tp = sum(1 for c in cs if c.allowed and c.rules)
        fp = sum(1 for c in cs if not c.allowed and c.rules)
        fn = sum(1 for c in cs if c.allowed and not c.rules)
        allowed = sum(1 for c in cs if c.allowed)
        prec = f'{tp / (tp + fp):.2f}' if tp + fp else '-'
        rec = f'{tp / allowed:.2f}' if allowed else '-'
        print(f'{model:<5} {s:<15} {form:<4} {len(cs):>5} {allowed:>7} {tp:>4} '
              f'{fp:>4} {fn:>4} {prec:>9} {rec:>6}')
    if a.herd:
        found = bad = 0
        for model, s, form, cs in results:
            for c in cs:
                for rule, v, fix in c.herd:
                    found += 1
                    if v != 'allowed' or fix != 'forbidden':
                        bad += 1
                        print(f'HERD {form} {c.name()} {rule}: the outcome '
                              f'is {v}; with the fix: {fix}')
        print(f'herd7: {found} findings with a litmus test, {found - bad} '
              f'allowed with their fix forbidden, {bad} not')
    if a.list:
        for model, s, form, cs in results:
            for c in cs:
                bad_fn = c.allowed and not c.rules
                bad_fp = not c.allowed and c.rules
                if (bad_fn and a.list in ('fn', 'all')) or \
                        (bad_fp and a.list in ('fp', 'all')):
                    print(f'{"FN" if bad_fn else "FP"} {form} {c.name()} '
                          f'{" ".join(sorted(c.rules))}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
