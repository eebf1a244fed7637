#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""litmus_check.py: a syntax and consistency checker for C litmus tests,
LKMM (linux-kernel.def macros) and C11 (herd7's built-in C11 primitives),
read as herd7 reads them, without herd7.

usage: litmus_check.py [--def linux-kernel.def] FILE...

Prints FILE:LINE: error: MESSAGE on stdout for each problem found. Exit 0
when every file is fine, 1 when one is not, 2 on a usage error.

The file is cut in sections as herd7's splitter (lib/splitter.mll) cuts it,
and each section is read with the lexer herd7 reads it with: the header,
the init section and the final condition with the state lexer (OCaml
comments), the processes with the C lexer (C comments). The processes are
parsed by recursive descent following lib/CParser.mly; the init section
and the condition following lib/stateParser.mly. Then: processes are
P0, P1, ... in order; parameters are pointers; every name a process uses is
a parameter or a register it declared; every call is a herd7 built-in or a
macro of linux-kernel.def, used as what it is (a statement macro as a
statement, an expression macro in an expression) with the right number of
arguments; the condition names existing processes, their registers and
shared variables.

linux-kernel.def: --def FILE, else $ORDERCHECK_LKMM_DEF, else
./linux-kernel.def (where herd7 -conf linux-kernel.cfg runs), else
tools/memory-model/linux-kernel.def in a directory above the litmus file,
else the copy of Linux 6.1's macro list below (a note on stderr says so).
"""
import bisect
import os
import re
import sys

# --------------------------------------------------------------------------
# Tables

# herd7's C primitives that are keywords of its C lexer (lib/CLexer.mll),
# not macros: kind 'e' (has a value) or 's' (a statement); annot: written
# name{annot,...}(...); args: 'e' an expression, 'mo' a memory_order_*
# constant, 'op' + or -. The first group is the C11 interface (herd7's C11
# model takes no .def file: these are all a C11 test may call).
BUILTINS = {
    # C11
    'atomic_load_explicit': ('e', False, ['e', 'mo']),
    'atomic_store_explicit': ('s', False, ['e', 'e', 'mo']),
    'atomic_exchange_explicit': ('e', False, ['e', 'e', 'mo']),
    'atomic_fetch_add_explicit': ('e', False, ['e', 'e', 'mo']),
    'atomic_fetch_sub_explicit': ('e', False, ['e', 'e', 'mo']),
    'atomic_fetch_or_explicit': ('e', False, ['e', 'e', 'mo']),
    'atomic_fetch_xor_explicit': ('e', False, ['e', 'e', 'mo']),
    'atomic_fetch_and_explicit': ('e', False, ['e', 'e', 'mo']),
    'atomic_compare_exchange_strong_explicit': ('e', False, ['e', 'e', 'e', 'mo', 'mo']),
    'atomic_compare_exchange_weak_explicit': ('e', False, ['e', 'e', 'e', 'mo', 'mo']),
    'atomic_compare_exchange_strong': ('e', False, ['e', 'e', 'e']),
    'atomic_compare_exchange_weak': ('e', False, ['e', 'e', 'e']),
    'SCAS': ('e', False, ['e', 'e', 'e']),
    'WCAS': ('e', False, ['e', 'e', 'e']),
    'atomic_thread_fence': ('s', False, ['mo']),
    'lock': ('s', False, ['e']),
    'mtx_lock': ('s', False, ['e']),
    'unlock': ('s', False, ['e']),
    'mtx_unlock': ('s', False, ['e']),
    # Linux, built into herd7 (litmus-tests.txt: "no corresponding
    # definition in linux-kernel.def")
    'atomic_add_unless': ('e', False, ['e', 'e', 'e']),
    # herd7's internal forms, what linux-kernel.def expands to
    '__load': ('e', True, ['e']),
    '__store': ('s', True, ['e', 'e']),
    '__fence': ('s', True, None),            # __fence{mb}; no arguments
    '__xchg': ('e', True, ['e', 'e']),
    '__cmpxchg': ('e', True, ['e', 'e', 'e']),
    '__lock': ('s', False, ['e']),
    '__unlock': ('s', False, ['e']),
    '__trylock': ('e', False, ['e']),
    '__islocked': ('e', False, ['e']),
    '__atomic_op': ('s', False, ['e', 'op', 'e']),
    '__atomic_op_return': ('e', True, ['e', 'op', 'e']),
    '__atomic_fetch_op': ('e', True, ['e', 'op', 'e']),
    '__atomic_add_unless': ('e', False, ['e', 'e', 'e']),
    '__srcu': ('es', True, ['e']),           # value: 1 argument; statement: 1 or 2
}

MEMORY_ORDERS = {
    'memory_order_relaxed', 'memory_order_consume', 'memory_order_acquire',
    'memory_order_release', 'memory_order_acq_rel', 'memory_order_seq_cst',
}

# Types the C lexer knows (anything else is an identifier, and a
# declaration "unsigned r0;" or "u32 r0;" does not parse).
BASE_TYPES = {
    'int8_t', 'uint8_t', 'int16_t', 'uint16_t', 'int32_t', 'uint32_t',
    'int64_t', 'uint64_t', '__int128_t', '__uint128_t', 'intptr_t',
    'uintptr_t', 'mtx_t', 'spinlock_t', 'atomic_t',
}
TYPE_WORDS = {'volatile', '_Atomic', 'char', 'int', 'long', 'struct', 'void',
              'atomic_int', 'srcu_struct'} | BASE_TYPES


# Fallback when no linux-kernel.def is at hand: Linux 6.1's
# tools/memory-model/linux-kernel.def, NAME:KIND ARITY (s: statement macro,
# its expansion a { } block; e: expression macro).
LKMM_6_1 = """
READ_ONCE:e1 WRITE_ONCE:s2 smp_store_release:s2 smp_load_acquire:e1
rcu_assign_pointer:s2 rcu_dereference:e1 smp_store_mb:s2 smp_mb:s0
smp_rmb:s0 smp_wmb:s0 smp_mb__before_atomic:s0 smp_mb__after_atomic:s0
smp_mb__after_spinlock:s0 smp_mb__after_unlock_lock:s0 barrier:s0 xchg:e2
xchg_relaxed:e2 xchg_release:e2 xchg_acquire:e2 cmpxchg:e3
cmpxchg_relaxed:e3 cmpxchg_acquire:e3 cmpxchg_release:e3 spin_lock:s1
spin_unlock:s1 spin_trylock:e1 spin_is_locked:e1 rcu_read_lock:s0
rcu_read_unlock:s0 synchronize_rcu:s0 synchronize_rcu_expedited:s0
srcu_read_lock:e1 srcu_read_unlock:s2 synchronize_srcu:s1
synchronize_srcu_expedited:s1 atomic_read:e1 atomic_set:s2
atomic_read_acquire:e1 atomic_set_release:s2 atomic_add:s2 atomic_sub:s2
atomic_inc:s1 atomic_dec:s1 atomic_add_return:e2
atomic_add_return_relaxed:e2 atomic_add_return_acquire:e2
atomic_add_return_release:e2 atomic_fetch_add:e2 atomic_fetch_add_relaxed:e2
atomic_fetch_add_acquire:e2 atomic_fetch_add_release:e2 atomic_inc_return:e1
atomic_inc_return_relaxed:e1 atomic_inc_return_acquire:e1
atomic_inc_return_release:e1 atomic_fetch_inc:e1 atomic_fetch_inc_relaxed:e1
atomic_fetch_inc_acquire:e1 atomic_fetch_inc_release:e1 atomic_sub_return:e2
atomic_sub_return_relaxed:e2 atomic_sub_return_acquire:e2
atomic_sub_return_release:e2 atomic_fetch_sub:e2 atomic_fetch_sub_relaxed:e2
atomic_fetch_sub_acquire:e2 atomic_fetch_sub_release:e2 atomic_dec_return:e1
atomic_dec_return_relaxed:e1 atomic_dec_return_acquire:e1
atomic_dec_return_release:e1 atomic_fetch_dec:e1 atomic_fetch_dec_relaxed:e1
atomic_fetch_dec_acquire:e1 atomic_fetch_dec_release:e1 atomic_xchg:e2
atomic_xchg_relaxed:e2 atomic_xchg_release:e2 atomic_xchg_acquire:e2
atomic_cmpxchg:e3 atomic_cmpxchg_relaxed:e3 atomic_cmpxchg_acquire:e3
atomic_cmpxchg_release:e3 atomic_sub_and_test:e2 atomic_dec_and_test:e1
atomic_inc_and_test:e1 atomic_add_negative:e2
"""

# Words herd7's state lexer (lib/stateLexer.mll: init section, condition)
# takes for keywords: a shared variable named so cannot be written there.
STATE_KEYWORDS = {
    'NOP', 'nop', 'pac', 'pacda', 'pacdb', 'pacia', 'pacib', 'not', 'true',
    'false', 'observed', 'Observed', 'and', 'exists', 'forall', 'final',
    'with', 'locations', 'filter', 'fault', 'Fault', 'tag', 'TAG', 'attrs',
    'Attrs', 'oa', 'pending', 'active', 'enabled', 'priority', 'affinity',
    'routing_mode', 'handling_mode', 'valid', 'PTE', 'TTD', 'INTID', 'intid',
    'PA', 'parel1_t', 'PAREL1_T', 'SS', 'SSCap', '_Atomic', 'ATOMIC_INIT',
    'gicarg', 'GICARG',
}

# Words herd7's splitter takes for the start of the final condition,
# wherever they are in the C part (lib/splitter.mll, inside_prog).
SPLIT_RE = re.compile(r'final|forall|~[ \t\r]*exists|exists|cases|observed|Observed|locations|filter')
SPLIT_NAME_RE = re.compile(r'[A-Za-z][A-Za-z0-9_/.\-]*')

TESTNAME_RE = re.compile(r'[ \t\r]*([A-Za-z0-9_]+)[ \t\r]+([A-Za-z0-9_/.+\[\]\-]+)[ \t\r]*'
                         r'(?:\([A-Za-z][A-Za-z0-9_/.\-]*\)[ \t\r]*)?')
DOC_RE = re.compile(r'\n?[ \t\r]*"[^"]*"[ \t\r]*')
INFO_RE = re.compile(r'[A-Za-z][A-Za-z0-9_/.\-]*[ \t\r]*=[^\n]*(\n|$)')


class Tok:
    __slots__ = ('kind', 'text', 'pos', 'end')

    def __init__(self, kind, text, pos, end):
        self.kind, self.text, self.pos, self.end = kind, text, pos, end

    def __repr__(self):
        return 'Tok(%s,%r)' % (self.kind, self.text)


class SyntaxErr(Exception):
    def __init__(self, pos, msg):
        Exception.__init__(self, msg)
        self.pos, self.msg = pos, msg


def shown(tok):
    return 'end of section' if tok.kind == 'EOF' else "'%s'" % tok.text


# --------------------------------------------------------------------------
# Lexers


def skip_ocaml_comment(text, pos, end):
    """pos is at '(*'; returns the position after the matching '*)'
    (nested, as LexUtils.skip_comment)."""
    depth = 0
    i = pos
    while i < end:
        if text.startswith('(*', i):
            depth += 1
            i += 2
        elif text.startswith('*)', i):
            depth -= 1
            i += 2
            if depth == 0:
                return i
        else:
            i += 1
    raise SyntaxErr(pos, "comment '(*' not closed")


C_PUNCT = ['==', '!=', '<=', '>=', ';', ',', '|', '*', '/', '+', '-', '^',
           '&', '(', ')', '{', '}', '=', '<', '>']
C_NAME_RE = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
C_NUM_RE = re.compile(r'-?[0-9]+')
C_PROC_RE = re.compile(r'P[0-9]+')


def c_kind(word):
    if word in BUILTINS:
        return 'BUILTIN'
    if word in MEMORY_ORDERS:
        return 'MO'
    if word in TYPE_WORDS:
        return 'TYPE'
    if word in ('if', 'else', 'while'):
        return word.upper()
    return 'ID'


def lex_c(text, pos, end, comments):
    """herd7's C lexer on text[pos:end]; C comments are appended to
    comments as (start, end) spans."""
    toks = []
    i = pos
    while i < end:
        c = text[i]
        if c in ' \t\r\n':
            i += 1
            continue
        if text.startswith('/*', i):
            j = text.find('*/', i + 2, end)
            if j < 0:
                comments.append((i, end))
                raise SyntaxErr(i, "comment '/*' not closed")
            comments.append((i, j + 2))
            i = j + 2
            continue
        if text.startswith('//', i):
            j = text.find('\n', i, end)
            j = end if j < 0 else j
            comments.append((i, j))
            i = j
            continue
        # longest match, earliest rule on ties: number, Pn, punctuation, name
        cands = []
        m = C_NUM_RE.match(text, i, end)
        if m:
            cands.append((m.end(), 'NUM'))
        m = C_PROC_RE.match(text, i, end)
        if m:
            cands.append((m.end(), 'PROC'))
        for p in C_PUNCT:
            if text.startswith(p, i) and i + len(p) <= end:
                cands.append((i + len(p), p))
                break
        if c == '%':
            m = C_NAME_RE.match(text, i + 1, end)
            if m:
                cands.append((m.end(), 'ID'))
        m = C_NAME_RE.match(text, i, end)
        if m:
            cands.append((m.end(), 'NAME'))
        if not cands:
            hint = ''
            if c == '!':
                hint = " (herd7's C has no '!': compare with == 0)"
            elif c in '[].':
                hint = " (herd7's C has no arrays nor structure fields)"
            raise SyntaxErr(i, "herd7's C lexer has no token for '%s'%s" % (c, hint))
        best = max(e for e, _ in cands)
        kind = next(k for e, k in cands if e == best)
        word = text[i:best]
        if kind == 'NAME':
            kind = c_kind(word)
        toks.append(Tok(kind, word, i, best))
        i = best
    toks.append(Tok('EOF', '', end, end))
    return toks


S_PUNCT = ['/\\', '\\/', '=>', '==', '!=', '<>', ',', '&', ';', ':', '+', '[',
           ']', '(', ')', '{', '}', '=', '~', '*']
S_NUM_RE = re.compile(r'0[xX][0-9a-fA-F]+|-?[0-9]+')
S_PROC_RE = re.compile(r'P-?[0-9]+')
S_NAME_RE = re.compile(r'_?[A-Za-z_.$]+[A-Za-z0-9_/.\-]*')
S_SYMB_RE = re.compile(r'%[A-Za-z_.$]+[A-Za-z0-9_/.\-]*')
S_DOLLAR_RE = re.compile(r'\$(?:[0-9]+|[A-Za-z]+)')


def lex_state(text, pos, end):
    """herd7's state lexer (init section, final condition) on text[pos:end]."""
    toks = []
    i = pos
    while i < end:
        c = text[i]
        if c in ' \t\r\n':
            i += 1
            continue
        if text.startswith('(*', i):
            i = skip_ocaml_comment(text, i, end)
            continue
        cands = []
        m = S_NUM_RE.match(text, i, end)
        if m:
            cands.append((m.end(), 'NUM'))
        m = S_PROC_RE.match(text, i, end)
        if m:
            cands.append((m.end(), 'PROC'))
        m = S_SYMB_RE.match(text, i, end)
        if m:
            cands.append((m.end(), 'SYMB'))
        for p in S_PUNCT:
            if text.startswith(p, i) and i + len(p) <= end:
                cands.append((i + len(p), p))
                break
        m = S_DOLLAR_RE.match(text, i, end)
        if m:
            cands.append((m.end(), 'DOLLAR'))
        m = S_NAME_RE.match(text, i, end)
        if m:
            cands.append((m.end(), 'NAME'))
        if not cands:
            hint = ''
            if c == '\\' and i > pos and text[i - 1] == '/':
                hint = r" (the '/' before it went into the name in front: put a blank before /\)"
            elif c in '|&!':
                hint = r" (conditions are written with /\ for and, \/ for or, ~ for not)"
            raise SyntaxErr(i, "herd7's condition lexer has no token for '%s'%s" % (c, hint))
        best = max(e for e, _ in cands)
        kind = next(k for e, k in cands if e == best)
        word = text[i:best]
        if kind == 'NAME' and word in STATE_KEYWORDS:
            kind = {'not': '~'}.get(word, 'KW')
        toks.append(Tok(kind, word, i, best))
        i = best
    toks.append(Tok('EOF', '', end, end))
    return toks


# --------------------------------------------------------------------------
# linux-kernel.def


def read_def(path):
    """{name: (kind 'e'|'s', arity)} from a linux-kernel.def; raises
    ValueError on a line it cannot read."""
    macros = {}
    with open(path, encoding='utf-8', errors='replace') as f:
        for n, line in enumerate(f, 1):
            line = line.split('//', 1)[0].strip()
            if not line:
                continue
            m = re.match(r'([A-Za-z_][A-Za-z0-9_]*)[ \t]*\(([^)]*)\)[ \t]*(\S.*)$', line)
            if not m:
                raise ValueError('%s:%d: not a macro definition NAME(ARGS) EXPANSION' % (path, n))
            formals = [a.strip() for a in m.group(2).split(',') if a.strip()]
            body = m.group(3)
            if body.startswith('{') and body.count('{') != body.count('}'):
                raise ValueError('%s:%d: unbalanced braces in the expansion' % (path, n))
            macros[m.group(1)] = ('s' if body.startswith('{') else 'e', len(formals))
    if not macros:
        raise ValueError('%s: no macro definitions' % path)
    return macros


def builtin_lkmm():
    macros = {}
    for item in LKMM_6_1.split():
        name, ka = item.split(':')
        macros[name] = (ka[0], int(ka[1:]))
    return macros


# --------------------------------------------------------------------------
# The checker


class Proc:
    def __init__(self, num, pos):
        self.num, self.pos = num, pos
        self.params = {}      # name -> type string
        self.regs = {}        # name -> position of its declaration


class Checker:
    def __init__(self, path, text, macros, macros_from):
        self.path, self.text = path, text
        self.macros, self.macros_from = macros, macros_from
        self.errors = []
        self.lines = [i for i, c in enumerate(text) if c == '\n']
        self.procs = {}               # num -> Proc
        self.proc_order = []
        self.init_vars = {}           # shared variable -> position (init)
        self.init_regs = []           # (proc num, reg, pos)
        self.program_ok = False
        self.split_ok = True           # False: herd7 would cut the file elsewhere
        self.c_comments = []

    # -- reporting
    def line_of(self, pos):
        return bisect.bisect_left(self.lines, pos) + 1

    def error(self, pos, msg):
        self.errors.append((self.line_of(pos), msg))

    # -- entry point
    def run(self):
        try:
            self.check()
        except SyntaxErr as e:
            self.error(e.pos, e.msg)
        return sorted(self.errors, key=lambda e: e[0])

    def check(self):
        text = self.text
        pos = self.header()
        if pos is None:
            return
        init = self.find_init(pos)
        if init is None:
            return
        init_start, init_end = init
        prog_start = init_end + 1
        split, word = self.find_split(prog_start)
        # the C part: the processes
        try:
            self.program(prog_start, split, word)
        except SyntaxErr as e:
            self.error(e.pos, e.msg)
        # the init section (after the processes: register inits name them)
        try:
            self.init_section(init_start + 1, init_end)
        except SyntaxErr as e:
            self.error(e.pos, e.msg)
        if split is None:
            self.error(len(text), 'no final condition (exists, ~exists or forall) after the processes')
        elif self.split_ok:
            self.condition(split, len(text))

    # -- header: "C name" on the first line (splitter.mll, main)
    def header(self):
        text = self.text
        m = TESTNAME_RE.match(text, 0)
        if not m or '\n' in m.group(0):
            # herd7 wants it on line 1; say where it is if elsewhere
            j = 0
            while j < len(text) and text[j] in ' \t\r\n':
                j += 1
            m2 = TESTNAME_RE.match(text, j) if j < len(text) else None
            if m2 and text[:j].count('\n') and m2.group(1) == 'C':
                self.error(j, "the header 'C %s' must be on the first line: herd7's splitter "
                              "reads it there and does not skip blank lines" % m2.group(2))
                m = m2
            else:
                self.error(j, "missing header 'C <test name>' on the first line")
                return 0
        arch = m.group(1)
        if arch != 'C':
            self.error(m.start(1), "architecture '%s': this checker reads C litmus tests "
                                   "('C <test name>') only" % arch)
            return None
        pos = m.end()
        d = DOC_RE.match(text, pos)
        if d:
            pos = d.end()
        if text.startswith(';', pos):
            pos += 1
        return pos

    # -- up to the init section (splitter.mll, find_init)
    def find_init(self, pos):
        text = self.text
        n = len(text)
        junk = False
        while pos < n:
            c = text[pos]
            if c in ' \t\r\n':
                pos += 1
            elif text.startswith('(*', pos):
                try:
                    pos = skip_ocaml_comment(text, pos, n)
                except SyntaxErr as e:
                    self.error(e.pos, e.msg)
                    return None
            elif c == '{':
                end = text.find('}', pos + 1)
                if end < 0:
                    self.error(pos, "the init section '{' is not closed")
                    return None
                return pos, end
            else:
                m = INFO_RE.match(text, pos)
                if m:
                    pos = m.end()
                    continue
                if not junk:
                    eol = text.find('\n', pos)
                    self.error(pos, "unexpected text before the init section: '%s' "
                                    "(herd7 skips it; a comment is written (* ... *))"
                               % text[pos:n if eol < 0 else eol].strip()[:40])
                    junk = True
                while pos < n and text[pos] not in '\n{':
                    pos += 1
        self.error(n, "no init section '{ ... }' (write {} for an empty one)")
        return None

    # -- where herd7's splitter ends the C part (splitter.mll, inside_prog)
    def find_split(self, pos):
        text = self.text
        n = len(text)
        while pos < n:
            c = text[pos]
            if c == '"':
                j = text.find('"', pos + 1)
                k = text.find('\n', pos + 1)
                if j < 0 or (0 <= k < j):
                    return None, None
                pos = j + 1
                continue
            kw = SPLIT_RE.match(text, pos)
            nm = SPLIT_NAME_RE.match(text, pos)
            if kw and (not nm or kw.end() >= nm.end()):
                return pos, kw.group(0)
            pos = nm.end() if nm else pos + 1
        return None, None

    # -- the C part
    def program(self, start, end, word):
        if end is None:
            end = len(self.text)
        comments = self.c_comments
        self.split_ok = word is None
        in_comment = SyntaxErr(end, "'%s' in this C comment ends the C part: herd7's splitter "
                                    "takes the word for the start of the final condition "
                                    "wherever it is; reword the comment" % word)
        try:
            toks = lex_c(self.text, start, end, comments)
        except SyntaxErr:
            if word is not None and comments and comments[-1][1] == end:
                raise in_comment
            self.split_ok = True
            raise
        if word is not None:
            if comments and comments[-1][1] == end:
                raise in_comment
            depth = 0
            for t in toks:
                depth += {'{': 1, '}': -1, '(': 1, ')': -1}.get(t.kind, 0)
            if depth > 0 and self.used_as_c_name(end, word):
                raise SyntaxErr(end, "'%s' ends the C part: herd7's splitter takes the word for the "
                                     "start of the final condition wherever it is; rename it" % word)
        self.split_ok = True
        self.toks = toks
        self.i = 0
        if self.peek().kind == 'EOF':
            raise SyntaxErr(end, 'no process: expected P0(...) { ... }')
        while self.peek().kind != 'EOF':
            t = self.peek()
            if t.kind == 'TYPE' and t.text == 'void' and self.peek(1).kind == 'PROC':
                self.next()
                t = self.peek()
            if t.kind == 'PROC':
                self.process()
            elif t.kind == '(' and self.peek(1).kind == '*':
                raise SyntaxErr(t.pos, "OCaml comment '(* ... *)' in the C part: herd7 reads the "
                                       "processes with its C lexer; use /* ... */ or //")
            else:
                raise SyntaxErr(t.pos, 'expected a process P%d(...) { ... }, found %s'
                                % (len(self.proc_order), shown(t)))
        self.program_ok = True

    def used_as_c_name(self, pos, word):
        text = self.text
        j = pos - 1
        while j >= 0 and text[j] in ' \t\r\n':
            j -= 1
        prev = text[j] if j >= 0 else ''
        k = pos + len(word)
        while k < len(text) and text[k] in ' \t\r':
            k += 1
        nxt = text[k] if k < len(text) else ''
        if prev and prev in '(*,=;':
            return True
        pm = re.search(r'([A-Za-z_][A-Za-z0-9_]*)$', text[:j + 1])
        if pm and pm.group(1) in TYPE_WORDS:
            return True
        return nxt in (';', ',', ')') or (nxt == '=' and text[k:k + 2] != '==')

    # token helpers
    def peek(self, k=0):
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def next(self):
        t = self.toks[self.i]
        if t.kind != 'EOF':
            self.i += 1
        return t

    def expect(self, kind, what=None):
        t = self.peek()
        if t.kind != kind:
            what = what or "'%s'" % kind
            if kind == ';' and self.i > 0:
                prev = self.toks[self.i - 1]
                raise SyntaxErr(prev.end, "expected ';' after '%s', found %s" % (prev.text, shown(t)))
            raise SyntaxErr(t.pos, 'expected %s, found %s' % (what, shown(t)))
        return self.next()

    def expect_name(self, what):
        t = self.peek()
        if t.kind == 'ID':
            return self.next()
        if t.kind in ('BUILTIN', 'MO', 'TYPE', 'IF', 'ELSE', 'WHILE', 'PROC'):
            raise SyntaxErr(t.pos, "'%s' is a keyword of herd7's C lexer, it cannot name %s"
                            % (t.text, what))
        raise SyntaxErr(t.pos, 'expected %s, found %s' % (what, shown(t)))

    # types (CParser.mly typ, base, base0)
    def starts_type(self, k=0):
        t = self.peek(k)
        return t.kind == 'TYPE'

    def parse_type(self):
        t = self.peek()
        if t.kind != 'TYPE':
            raise SyntaxErr(t.pos, 'expected a type, found %s' % shown(t))
        parts = []
        if t.text == 'volatile':
            parts.append(self.next().text)
            parts.append(self.base0())
        elif t.text == '_Atomic':
            parts.append(self.next().text)
            parts.append(self.base())
        else:
            parts.append(self.base())
        while True:
            t = self.peek()
            if t.kind == '*':
                self.next()
                parts.append('*')
            elif t.kind == 'TYPE' and t.text == 'volatile':
                self.next()
                parts.append('volatile')
            else:
                return ' '.join(parts)

    def base(self):
        if self.peek().kind == '(':
            self.next()
            ty = self.parse_type()
            self.expect(')')
            return '(%s)' % ty
        return self.base0()

    def base0(self):
        t = self.peek()
        if t.kind == 'TYPE' and t.text == 'struct':
            self.next()
            n = self.peek()
            if n.kind == 'TYPE' and n.text == 'srcu_struct':
                self.next()
                return 'struct srcu_struct'
            raise SyntaxErr(n.pos, "herd7 knows 'struct srcu_struct' only, found 'struct %s'" % n.text)
        if t.kind == 'TYPE' and t.text not in ('volatile', '_Atomic', 'struct', 'srcu_struct'):
            return self.next().text
        raise SyntaxErr(t.pos, 'expected a type, found %s' % shown(t))

    # a process (CParser.mly function_def)
    def process(self):
        t = self.next()
        num = int(t.text[1:])
        p = Proc(num, t.pos)
        expected = self.proc_order[-1] + 1 if self.proc_order else 0
        if num in self.procs:
            self.error(t.pos, 'P%d is defined twice' % num)
        elif num != expected:
            if not self.proc_order:
                self.error(t.pos, 'P%d without P0: processes are numbered from P0, consecutively' % num)
            else:
                self.error(t.pos, 'P%d after P%d: processes are numbered consecutively, P%d expected'
                           % (num, self.proc_order[-1], expected))
        if num not in self.procs:
            self.procs[num] = p
        self.proc_order.append(num)
        self.cur = p
        self.expect('(', "'(' after P%d" % num)
        if self.peek().kind != ')':
            while True:
                ptok = self.peek()
                ty = self.parse_type()
                name = self.expect_name('a parameter of P%d' % num)
                if not ty.endswith('*'):
                    self.error(ptok.pos, "parameter '%s' of P%d is not a pointer: shared variables "
                                         "are passed by reference ('%s *%s')"
                               % (name.text, num, ty, name.text))
                if name.text in p.params:
                    self.error(name.pos, "parameter '%s' of P%d is given twice" % (name.text, num))
                p.params[name.text] = ty
                if self.peek().kind == ',':
                    self.next()
                    continue
                break
        self.expect(')', "',' or ')' in P%d's parameters" % num)
        open_tok = self.expect('{', "'{' opening P%d's body" % num)
        self.scopes = [{}]
        self.warned = set()
        self.stmt_seq(open_tok, 'P%d' % num, top=True)

    def stmt_seq(self, open_tok, owner, top=False):
        """statements up to the '}' closing open_tok (ins_seq, pseudo_seq:
        at least one)."""
        count = 0
        while True:
            t = self.peek()
            if t.kind == '}':
                if count == 0:
                    raise SyntaxErr(t.pos, "empty block: herd7's grammar wants at least one "
                                           "statement or declaration between { and }")
                self.next()
                return
            if t.kind == 'EOF' or (t.kind == 'PROC' and self.peek(1).kind == '('):
                raise SyntaxErr(open_tok.pos, "unbalanced braces: the '{' of %s (line %d) is not "
                                              "closed before %s"
                                % (owner if top else 'this block', self.line_of(open_tok.pos),
                                   'the end of the C part' if t.kind == 'EOF' else t.text))
            self.statement(allow_decl=True)
            count += 1

    def declare(self, name_tok):
        name = name_tok.text
        p = self.cur
        if name in p.params:
            self.error(name_tok.pos, "register '%s' of P%d has the name of a parameter" % (name, p.num))
        elif name in self.scopes[-1]:
            self.error(name_tok.pos, "register '%s' is declared twice in P%d" % (name, p.num))
        self.scopes[-1][name] = name_tok.pos
        p.regs.setdefault(name, name_tok.pos)

    def is_reg(self, name):
        return any(name in s for s in self.scopes)

    def use_name(self, tok):
        name = tok.text
        if self.is_reg(name) or name in self.cur.params:
            return
        key = (self.cur.num, name)
        if key in self.warned:
            return
        self.warned.add(key)
        if name in self.cur.regs:
            self.error(tok.pos, "register '%s' used outside the block that declares it (P%d)"
                       % (name, self.cur.num))
        else:
            self.error(tok.pos, "undeclared name '%s' in P%d: neither a parameter nor a declared "
                                "register" % (name, self.cur.num))

    def block_ins(self):
        t = self.peek()
        if t.kind == '{':
            self.next()
            self.scopes.append({})
            self.stmt_seq(t, None)
            self.scopes.pop()
        else:
            self.statement(allow_decl=False)

    def statement(self, allow_decl):
        t = self.peek()
        k = t.kind
        if k == '{':
            self.block_ins()
        elif k == 'IF':
            self.next()
            self.expect('(', "'(' after if")
            self.expr()
            self.expect(')', "')' closing the condition")
            self.block_ins()
            if self.peek().kind == 'ELSE':
                self.next()
                self.block_ins()
        elif k == 'WHILE':
            self.next()
            self.expect('(', "'(' after while")
            self.expr()
            self.expect(')', "')' closing the condition")
            self.block_ins()
        elif k == 'ELSE':
            raise SyntaxErr(t.pos, "'else' without 'if'")
        elif k == 'TYPE':
            self.parse_type()
            name = self.expect_name('a register')
            if self.peek().kind == '=':
                self.next()
                self.expr()
                self.declare(name)
            elif not allow_decl:
                raise SyntaxErr(t.pos, "a declaration without initial value cannot be the body of "
                                       "if/else/while in herd7's grammar: put it in a block")
            else:
                self.declare(name)
            self.expect(';')
        elif k == 'ID':
            if self.peek(1).kind == '=':
                self.next()
                self.next()
                if not self.is_reg(t.text):
                    if t.text in self.cur.params:
                        self.error(t.pos, "assignment to parameter '%s' of P%d changes the pointer, "
                                          "not the shared variable (write *%s = ... or "
                                          "WRITE_ONCE(*%s, ...))" % (t.text, self.cur.num, t.text, t.text))
                    else:
                        self.use_name(t)
                self.expr()
                self.expect(';')
            elif self.peek(1).kind == '(':
                self.call(statement=True)
                self.expect(';')
            elif self.peek(1).kind in ('ID', '*'):
                raise SyntaxErr(t.pos, "'%s' is no type herd7's C lexer knows (it knows int, long, "
                                       "char, intptr_t, int32_t, ..., atomic_int, atomic_t, "
                                       "spinlock_t)" % t.text)
            else:
                raise SyntaxErr(self.peek(1).pos, "expected '=' or '(' after '%s', found %s"
                                % (t.text, shown(self.peek(1))))
        elif k == 'BUILTIN':
            self.builtin(statement=True)
            self.expect(';')
        elif k == '*':
            self.next()
            self.location()
            self.expect('=', "'=' in a store through a pointer")
            self.expr()
            self.expect(';')
        elif k == '(' and self.peek(1).kind == 'TYPE' and self.peek(1).text == 'void' \
                and self.peek(2).kind == ')':
            self.next()
            self.next()
            self.next()
            self.expr()
            self.expect(';')
        elif k == ';':
            raise SyntaxErr(t.pos, "empty statement ';': herd7's grammar has none")
        else:
            raise SyntaxErr(t.pos, 'expected a statement, found %s' % shown(t))

    def location(self):
        t = self.peek()
        if t.kind == 'ID':
            self.next()
            self.use_name(t)
        elif t.kind == '*':
            self.next()
            self.location()
        elif t.kind == '(':
            self.next()
            self.expr()
            self.expect(')')
        else:
            raise SyntaxErr(t.pos, "expected a name, '*' or '(' after '*', found %s" % shown(t))

    # expressions (CParser.mly expr, with its precedences)
    BINARY = [('|',), ('^',), ('&',), ('==', '!=', '<', '>', '<=', '>='), ('+', '-'), ('*', '/')]

    def expr(self, level=0):
        if level == len(self.BINARY):
            return self.unary()
        ops = self.BINARY[level]
        self.expr(level + 1)
        nonassoc = level == 3
        seen = False
        while self.peek().kind in ops:
            t = self.next()
            if nonassoc and seen:
                raise SyntaxErr(t.pos, "'%s': comparisons do not chain in herd7's grammar; "
                                       "use parentheses" % t.text)
            seen = True
            self.expr(level + 1)
        # a constant -1 right after an operand: herd7 lexes "r0-1" as r0 and -1
        t = self.peek()
        if level == 0 and t.kind == 'NUM' and t.text.startswith('-'):
            raise SyntaxErr(t.pos, "'%s' is read as the constant %s by herd7's C lexer: "
                                   "write '- %s' with a blank" % (t.text, t.text, t.text[1:]))

    def unary(self):
        t = self.peek()
        k = t.kind
        if k == '(':
            if self.starts_type(1):
                self.next()
                self.parse_type()
                self.expect(')')
                self.unary()
                return
            self.next()
            self.expr()
            self.expect(')')
        elif k == 'NUM':
            self.next()
        elif k == 'ID':
            if self.peek(1).kind == '(':
                self.call(statement=False)
            else:
                self.next()
                self.use_name(t)
        elif k == '*':
            self.next()
            n = self.peek()
            if n.kind == 'ID':
                self.next()
                self.use_name(n)
            elif n.kind == '(':
                self.next()
                if self.starts_type():
                    self.parse_type()
                    self.expect(')')
                    nm = self.expect_name('a pointer after the cast')
                    self.use_name(nm)
                else:
                    self.expr()
                    self.expect(')')
            else:
                raise SyntaxErr(n.pos, "herd7's grammar wants '*name' or '*(expression)', found '*' %s"
                                % shown(n))
        elif k == 'BUILTIN':
            self.builtin(statement=False)
        elif k == 'MO':
            raise SyntaxErr(t.pos, "'%s' outside the memory-order argument of a C11 primitive" % t.text)
        elif k == '&':
            raise SyntaxErr(t.pos, "herd7's C has no address-of '&': a parameter already is the "
                                   "address of its shared variable")
        elif k == '-':
            raise SyntaxErr(t.pos, "herd7's C has no unary minus (a constant is written -1)")
        else:
            raise SyntaxErr(t.pos, 'expected an expression, found %s' % shown(t))

    def call(self, statement):
        """NAME(args): a macro of linux-kernel.def."""
        name = self.next()
        self.next()  # (
        nargs = 0
        if self.peek().kind != ')':
            while True:
                self.expr()
                nargs += 1
                if self.peek().kind == ',':
                    self.next()
                    continue
                break
        self.expect(')', "',' or ')' in the arguments of %s" % name.text)
        f = name.text
        p = self.cur
        if f in p.params or self.is_reg(f):
            self.error(name.pos, "'%s' is a %s of P%d, not a function" %
                       (f, 'parameter' if f in p.params else 'register', p.num))
            return
        m = self.macros.get(f)
        if m is None:
            self.error(name.pos, "unknown primitive '%s': not a macro of %s nor a herd7 built-in"
                       % (f, self.macros_from))
            return
        kind, arity = m
        if arity != nargs:
            self.error(name.pos, "%s takes %d argument%s (%s), given %d"
                       % (f, arity, '' if arity == 1 else 's', self.macros_from, nargs))
        if statement and kind == 'e':
            self.error(name.pos, "%s is an expression macro (%s): as a statement herd7 looks it up "
                                 "among the statement macros and stops with 'Unknown macro %s'; "
                                 "assign its value (r = %s(...);) or cast it ((void)%s(...);)"
                       % (f, self.macros_from, f, f, f))
        elif not statement and kind == 's':
            self.error(name.pos, "%s is a statement macro (%s: its expansion is a { } block), "
                                 "it has no value" % (f, self.macros_from))

    def builtin(self, statement):
        t = self.next()
        f = t.text
        kind, annot, sig = BUILTINS[f]
        if statement and kind == 'e':
            raise SyntaxErr(t.pos, "%s(...) has a value and herd7's grammar has no expression "
                                   "statements: assign it (r = %s(...);) or cast it ((void)%s(...);)"
                            % (f, f, f))
        if not statement and kind == 's':
            raise SyntaxErr(t.pos, '%s(...) is a statement, it has no value' % f)
        if annot:
            self.expect('{', "'{' after %s (%s{annotation}(...))" % (f, f))
            while True:
                a = self.peek()
                if a.kind not in ('ID', 'BUILTIN'):
                    raise SyntaxErr(a.pos, 'expected an annotation, found %s' % shown(a))
                self.next()
                if self.peek().kind == '-':
                    self.next()
                    continue
                if self.peek().kind == ',':
                    self.next()
                    continue
                break
            self.expect('}')
        if sig is None:
            return
        self.expect('(', "'(' after %s" % f)
        given = []
        if self.peek().kind != ')':
            while True:
                pos = len(given)
                want = sig[pos] if pos < len(sig) else 'e'
                a = self.peek()
                if want == 'mo':
                    if a.kind == 'MO':
                        self.next()
                    elif a.kind == 'ID' and a.text.startswith('memory_order'):
                        raise SyntaxErr(a.pos, "unknown memory order '%s' (herd7 knows %s)"
                                        % (a.text, ', '.join(sorted(MEMORY_ORDERS))))
                    else:
                        raise SyntaxErr(a.pos, 'argument %d of %s must be a memory_order_* constant, '
                                               'found %s' % (pos + 1, f, shown(a)))
                elif want == 'op':
                    if a.kind not in ('+', '-'):
                        raise SyntaxErr(a.pos, "argument %d of %s must be + or -" % (pos + 1, f))
                    self.next()
                else:
                    self.expr()
                given.append(want)
                if self.peek().kind == ',':
                    self.next()
                    continue
                break
        self.expect(')', "',' or ')' in the arguments of %s" % f)
        n = len(given)
        ok = n == len(sig) or (f == '__srcu' and statement and n in (1, 2))
        if not ok:
            names = {'e': 'expression', 'mo': 'memory order', 'op': '+ or -'}
            raise SyntaxErr(t.pos, '%s takes %d argument%s (%s), given %d'
                            % (f, len(sig), '' if len(sig) == 1 else 's',
                               ', '.join(names[s] for s in sig), n))

    # -- the init section (stateParser.mly init)
    def init_section(self, start, end):
        toks = lex_state(self.text, start, end)
        self.toks, self.i = toks, 0
        seen = {}
        while self.peek().kind != 'EOF':
            if self.peek().kind == ';':
                self.next()
                continue
            self.init_item(seen)
            t = self.peek()
            if t.kind == 'EOF':
                break
            if t.kind != ';':
                prev = self.toks[self.i - 1]
                raise SyntaxErr(prev.end, "expected ';' after '%s' in the init section, found %s"
                                % (prev.text, shown(t)))
            self.next()

    def state_keyword_error(self, t, where):
        raise SyntaxErr(t.pos, "'%s' is a keyword of herd7's state lexer, so it cannot name a "
                               "variable in the %s; rename the variable" % (t.text, where))

    def init_item(self, seen):
        t = self.peek()
        if t.kind == 'KW' and t.text not in ('_Atomic', 'ATOMIC_INIT'):
            self.state_keyword_error(t, 'init section')
        if t.kind in ('PROC', 'NUM', '['):
            loc = self.left_loc()
            self.init_value(loc, ptr=False)
        elif t.kind == '*':
            self.next()
            loc = self.left_loc()
            self.init_value(loc, ptr=True)
        elif t.kind == 'KW' and t.text == '_Atomic':
            self.next()
            self.expect('NAME', 'a type after _Atomic')
            loc = self.left_loc()
            self.init_value(loc, ptr=False)
        elif t.kind == 'NAME':
            n = self.peek(1)
            if n.kind in ('=', ';', 'EOF'):
                loc = self.left_loc()
                self.init_value(loc, ptr=False)
            elif n.kind == '[' and self.peek(2).kind == 'NUM':
                raise SyntaxErr(t.pos, "herd7 initialises an array whole: 'int %s[N] = {...}'" % t.text)
            elif n.kind == '*':
                self.next()
                self.next()
                loc = self.left_loc()
                self.init_value(loc, ptr=True)
            elif n.kind == 'KW' and n.text not in ('_Atomic', 'ATOMIC_INIT'):
                self.state_keyword_error(n, 'init section')
            elif n.kind in ('NAME', 'PROC', 'NUM', '['):
                self.next()  # the type
                if n.kind == 'NAME' and self.peek(1).kind == '[':
                    self.next()
                    self.next()
                    self.expect('NUM', 'the size of the array')
                    self.expect(']')
                    loc = ('var', n.text, n.pos)
                    if self.peek().kind == '=':
                        self.next()
                        self.expect('{', "'{' opening the array's values")
                        while True:
                            self.init_maybev()
                            if self.peek().kind == ',':
                                self.next()
                                continue
                            break
                        self.expect('}')
                else:
                    loc = self.left_loc()
                    if self.peek().kind == '=' and self.peek(1).kind == 'KW' \
                            and self.peek(1).text == 'ATOMIC_INIT':
                        self.next()
                        self.next()
                        self.expect('(', "'(' after ATOMIC_INIT")
                        self.init_maybev()
                        self.expect(')')
                    else:
                        self.init_value(loc, ptr=False)
            else:
                raise SyntaxErr(n.pos, "expected '=', ';' or a name after '%s' in the init section, "
                                       "found %s" % (t.text, shown(n)))
        else:
            raise SyntaxErr(t.pos, 'expected an initialisation (x=1; int *p=x; ...) in the init '
                                   'section, found %s' % shown(t))
        self.note_init(loc, seen)

    def note_init(self, loc, seen):
        kind, name, pos = loc[0], loc[1], loc[2]
        if kind == 'var':
            if name in seen:
                self.error(pos, "'%s' is initialised twice (first at line %d)"
                           % (name, self.line_of(seen[name])))
            else:
                seen[name] = pos
            self.init_vars.setdefault(name, pos)
        else:
            key = '%d:%s' % (loc[3], name)
            if key in seen:
                self.error(pos, "'%s' is initialised twice" % key)
            seen[key] = pos
            self.check_reg_ref(loc[3], name, pos, 'init section')

    def left_loc(self):
        t = self.peek()
        if t.kind == '[':
            self.next()
            n = self.peek()
            if n.kind == 'KW':
                self.state_keyword_error(n, 'init section')
            n = self.expect('NAME', 'a variable in [ ]')
            self.expect(']')
            return ('var', n.text, n.pos)
        return self.location_s('init section')

    def location_s(self, where):
        """location: N:reg, PN:reg or a shared variable."""
        t = self.peek()
        if t.kind in ('PROC', 'NUM') and self.peek(1).kind == ':':
            self.next()
            self.next()
            r = self.peek()
            if r.kind == 'KW':
                self.state_keyword_error(r, where)
            if r.kind not in ('NAME', 'DOLLAR', 'SYMB'):
                raise SyntaxErr(r.pos, "expected a register after '%s:', found %s" % (t.text, shown(r)))
            self.next()
            num = int(t.text[1:] if t.kind == 'PROC' else t.text)
            return ('reg', r.text, r.pos, num)
        if t.kind == 'NAME':
            self.next()
            return ('var', t.text, t.pos)
        if t.kind == 'KW':
            self.state_keyword_error(t, where)
        raise SyntaxErr(t.pos, 'expected a location (N:register or a shared variable) in the %s, '
                               'found %s' % (where, shown(t)))

    def init_value(self, loc, ptr):
        if self.peek().kind != '=':
            return
        self.next()
        if ptr and self.peek().kind == '&':
            self.next()
        self.init_maybev()

    def init_maybev(self):
        t = self.peek()
        if t.kind == 'NUM':
            self.next()
        elif t.kind == 'NAME':
            self.next()
            self.init_vars.setdefault(t.text, t.pos)
        elif t.kind == '&':
            raise SyntaxErr(t.pos, "'&' before a value is for pointer declarations only "
                                   "(int *p = &x;); write p=x;")
        elif t.kind == 'KW':
            self.state_keyword_error(t, 'init section')
        else:
            raise SyntaxErr(t.pos, 'expected a value (a number or a variable), found %s' % shown(t))

    def check_reg_ref(self, num, reg, pos, where):
        if not self.program_ok:
            return
        if num not in self.procs:
            self.error(pos, "%s names %d:%s but there is no process P%d (processes: %s)"
                       % (where, num, reg, num,
                          ', '.join('P%d' % n for n in sorted(self.procs)) or 'none'))
        elif reg not in self.procs[num].regs:
            self.error(pos, "%s names %d:%s but P%d declares no register '%s'"
                       % (where, num, reg, num, reg))

    def shared_vars(self):
        names = set(self.init_vars)
        for p in self.procs.values():
            names.update(p.params)
        return names

    def check_var_ref(self, name, pos, where):
        if not self.program_ok:
            return
        if name not in self.shared_vars():
            self.error(pos, "%s names '%s', which is no shared variable (not in the init section "
                            "nor a parameter of any process)" % (where, name))

    # -- the final condition (stateParser.mly constraints)
    def condition(self, start, end):
        try:
            toks = lex_state(self.text, start, end)
        except SyntaxErr as e:
            self.error(e.pos, e.msg)
            return
        self.toks, self.i = toks, 0
        try:
            self.constraints()
        except SyntaxErr as e:
            self.error(e.pos, e.msg)

    def is_kw(self, text, k=0):
        t = self.peek(k)
        return t.kind == 'KW' and t.text == text

    def constraints(self):
        if self.is_kw('locations'):
            self.next()
            self.expect('[', "'[' after locations")
            while self.peek().kind != ']':
                loc = self.location_s('locations')
                self.ref(loc, 'locations')
                if self.peek().kind == 'NAME':
                    self.next()
                if self.peek().kind == '*':
                    self.next()
                if self.peek().kind == ';':
                    self.next()
                    continue
                break
            self.expect(']', "';' or ']' in locations")
        if self.is_kw('filter'):
            self.next()
            self.prop('filter')
        t = self.peek()
        if self.is_kw('exists') or self.is_kw('forall') or self.is_kw('final'):
            self.next()
            self.prop(t.text)
        elif t.kind == '~' and self.is_kw('exists', 1):
            self.next()
            self.next()
            self.prop('~exists')
        elif t.kind == '(':
            self.prop('exists')
        elif self.is_kw('observed') or self.is_kw('Observed'):
            raise SyntaxErr(t.pos, "'observed' conditions are not read by this checker; "
                                   "write exists (...)")
        elif t.kind == 'EOF':
            raise SyntaxErr(t.pos, 'no final condition (exists, ~exists or forall)')
        else:
            raise SyntaxErr(t.pos, 'expected exists, ~exists or forall, found %s' % shown(t))
        if self.peek().kind == ';':
            self.next()
        if self.is_kw('with'):
            self.next()
            while True:
                self.expect('NAME', 'a name in with')
                self.expect(':')
                if self.peek().kind == '~':
                    self.next()
                    if not self.is_kw('exists'):
                        raise SyntaxErr(self.peek().pos, "expected exists after '~'")
                    self.next()
                elif self.is_kw('exists') or self.is_kw('forall'):
                    self.next()
                else:
                    raise SyntaxErr(self.peek().pos, 'expected exists, ~exists or forall')
                if self.peek().kind == ';' and self.peek(1).kind != 'EOF':
                    self.next()
                    continue
                if self.peek().kind == ';':
                    self.next()
                break
        t = self.peek()
        if t.kind != 'EOF':
            if t.kind in ('&', ) or (t.kind == 'NAME' and t.text in ('and', 'or')):
                raise SyntaxErr(t.pos, r"'%s' is not a condition operator: /\ is and, \/ is or, "
                                       r"~ is not" % t.text)
            raise SyntaxErr(t.pos, 'unexpected %s after the final condition' % shown(t))

    def ref(self, loc, where):
        if loc[0] == 'reg':
            self.check_reg_ref(loc[3], loc[1], loc[2], where)
        else:
            self.check_var_ref(loc[1], loc[2], where)

    def prop(self, where):
        self.prop_or(where)

    def prop_or(self, where):
        self.prop_and(where)
        while self.peek().kind == '\\/':
            self.next()
            self.prop_and(where)

    def prop_and(self, where):
        self.prop_imp(where)
        while self.peek().kind == '/\\':
            self.next()
            self.prop_imp(where)

    def prop_imp(self, where):
        self.prop_not(where)
        if self.peek().kind == '=>':
            self.next()
            self.prop_imp(where)

    def prop_not(self, where):
        if self.peek().kind == '~':
            self.next()
            self.prop_not(where)
        else:
            self.prop_atom(where)

    def prop_atom(self, where):
        t = self.peek()
        if self.is_kw('true') or self.is_kw('false'):
            self.next()
            return
        if t.kind == '(':
            self.next()
            self.prop(where)
            c = self.peek()
            if c.kind != ')':
                if c.kind == '&' or (c.kind == 'KW' and c.text == 'and') or c.kind == '=':
                    raise SyntaxErr(c.pos, r"'%s' is not a condition operator: /\ is and, \/ is or, "
                                           r"~ is not" % ('&&' if c.kind == '&' else c.text))
                raise SyntaxErr(c.pos, r"expected /\, \/ or ')' in the condition, found %s" % shown(c))
            self.next()
            return
        if t.kind == '[':
            self.next()
            n = self.peek()
            if n.kind == 'KW':
                self.state_keyword_error(n, where)
            n = self.expect('NAME', 'a variable in [ ]')
            self.expect(']')
            loc = ('var', n.text, n.pos)
        else:
            loc = self.location_s(where)
        self.ref(loc, where)
        op = self.peek()
        if op.kind not in ('=', '==', '!=', '<>'):
            if op.kind == '&':
                raise SyntaxErr(op.pos, r"'&&' is not a condition operator: /\ is and, \/ is or, "
                                        r"~ is not")
            raise SyntaxErr(op.pos, "expected '=' or '!=' after '%s' in the condition, found %s"
                            % (loc[1] if loc[0] == 'var' else '%d:%s' % (loc[3], loc[1]), shown(op)))
        self.next()
        v = self.peek()
        if v.kind == 'NUM' and self.peek(1).kind == ':':
            vl = self.location_s(where)
            self.ref(vl, where)
        elif v.kind == 'PROC' and self.peek(1).kind == ':':
            vl = self.location_s(where)
            self.ref(vl, where)
        elif v.kind == 'NUM':
            self.next()
        elif v.kind == 'NAME':
            self.next()
            self.check_var_ref(v.text, v.pos, where)
        elif v.kind == '[':
            self.next()
            n = self.expect('NAME', 'a variable in [ ]')
            self.expect(']')
            self.check_var_ref(n.text, n.pos, where)
        elif v.kind == 'KW':
            self.state_keyword_error(v, where)
        else:
            raise SyntaxErr(v.pos, 'expected a value (a number or a shared variable) after %s, '
                                   'found %s' % (shown(op), shown(v)))


# --------------------------------------------------------------------------
# Driver

USAGE = 'usage: litmus_check.py [--def linux-kernel.def] FILE...'


def find_def_for(path):
    d = os.path.dirname(os.path.abspath(path))
    while True:
        for cand in (os.path.join(d, 'linux-kernel.def'),
                     os.path.join(d, 'tools', 'memory-model', 'linux-kernel.def')):
            if os.path.isfile(cand):
                return cand
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def main(argv):
    defpath = None
    files = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == '--def':
            if not args:
                print('litmus_check.py: --def needs a file\n' + USAGE, file=sys.stderr)
                return 2
            defpath = args.pop(0)
        elif a.startswith('--def='):
            defpath = a[len('--def='):]
        elif a in ('-h', '--help'):
            print(USAGE)
            print(__doc__.split('\n\n', 1)[1])
            return 0
        elif a == '--':
            files.extend(args)
            break
        elif a.startswith('-') and a != '-':
            print('litmus_check.py: unknown option %s\n%s' % (a, USAGE), file=sys.stderr)
            return 2
        else:
            files.append(a)
    if not files:
        print(USAGE, file=sys.stderr)
        return 2
    if defpath is None and os.environ.get('ORDERCHECK_LKMM_DEF'):
        defpath = os.environ['ORDERCHECK_LKMM_DEF']
    if defpath is None and os.path.isfile('linux-kernel.def'):
        defpath = 'linux-kernel.def'
    cache = {}

    def load(path):
        if path not in cache:
            m = dict(read_def(path))
            cache[path] = m
        return cache[path]

    fixed = None
    if defpath is not None:
        try:
            fixed = (load(defpath), os.path.basename(defpath))
        except (OSError, ValueError) as e:
            print('litmus_check.py: cannot use %s: %s' % (defpath, e), file=sys.stderr)
            return 2
    fallback_noted = False
    status = 0
    for path in files:
        try:
            with open(path, encoding='utf-8', errors='replace') as f:
                text = f.read()
        except OSError as e:
            print('%s: error: cannot read: %s' % (path, e.strerror))
            status = 1
            continue
        if fixed is not None:
            macros, origin = fixed
        else:
            found = find_def_for(path)
            macros = None
            if found is not None:
                try:
                    macros, origin = load(found), 'linux-kernel.def'
                except (OSError, ValueError):
                    macros = None
            if macros is None:
                if not fallback_noted:
                    print('litmus_check.py: note: no linux-kernel.def given or found, checking '
                          "calls against Linux 6.1's macro list", file=sys.stderr)
                    fallback_noted = True
                macros, origin = builtin_lkmm(), "Linux 6.1's linux-kernel.def"
        errors = Checker(path, text, macros, origin).run()
        for line, msg in errors:
            print('%s:%d: error: %s' % (path, line, msg))
        if errors:
            status = 1
    return status


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
