#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Metamorphic test: a primitive behind a user macro is the same primitive.

For every rule folder's cases (testcases/<rule>/*.c but the repro.c and
repro-<dialect>.c programs; the
Coccinelle twins are not run), each call of a vocabulary name, NAME(, is
rewritten to a fresh user macro, OC_k(, defined as
"#define OC_k(...) NAME(__VA_ARGS__)":

  A  the definitions at the top of the file;
  B  the definitions in a header of a temporary directory, included at the
     top of the file.

A case that includes <stdatomic.h> is also written as the projects that
wrap C11's atomics write it (C11's names: c11.def's C11() rows):

  C  each call of a C11 name, and each memory order, by token pasting,
     as mimalloc does ("#define OC_atomic(name)
     atomic_##name"): atomic_load_explicit(p, memory_order_acquire) is
     OC_atomic(load_explicit)(p, OC_mo(acquire));
  D  the same pasting inside a wrapper of each name, OC_Ck(...), as
     mimalloc's mi_atomic_load_acquire(p) is;
  E  with <stdatomic.h> replaced by a header of the project's own that
     defines C11's names over the GCC builtins (as small ring-buffer
     libraries do where <stdatomic.h> is missing), _Atomic dropped.

ordercheck then runs on the original and on each rewrite, and must give

  - the same findings: (rule, line, function, message), lines taken back
    by the lines the rewrite put on top, OC_k in messages read as NAME;
  - the same --dump-ir, modulo what the user wrote differently (OC_k in
    text quoted as written, e.g. a plain store's value, reads NAME): line
    numbers shifted back the same way, columns dropped (a span ends at the
    ')' of OC_k(...), not of NAME(...)), and the "fixable" mark dropped (a
    fix may not rewrite a primitive spelled inside a macro's definition).
    The events, their primitive names (the vocabulary's, not OC_k), kinds,
    classes, keys, values and dependencies must all be the same.

Usage: metamorphic_macros.py [--variants LETTERS] ORDERCHECK TESTCASES_DIR [RULE...]
--variants CDE runs only those rewrites (the fast test of the wrapped C11
forms, testcases.cmake). Exit status 1 when a case differs (each
difference is printed).
"""
import concurrent.futures
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
VOCAB = os.path.join(HERE, "..", "..", "checker", "src", "vocab")


def vocab_names():
    """The primitives' names, read from the vocabulary tables."""
    names = set()
    prefixes, suffixes, ops = [], [], []
    for f in sorted(os.listdir(VOCAB)):
        if not f.endswith(".def") or f in ("verdicts.def", "dialects.def"):
            continue
        text = open(os.path.join(VOCAB, f)).read()
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        names.update(re.findall(r"^\s*PRIM\(\s*(\w+)", text, re.M))
        prefixes += re.findall(r"^\s*OP_PREFIX\(\s*(\w+)\s*\)", text, re.M)
        suffixes += re.findall(r"^\s*OP_SUFFIX\(\s*(\w+)", text, re.M)
        ops += re.findall(r"^\s*OP\(([^)]*)\)", text, re.M)
    for row in ops:
        f = [x.strip() for x in row.split(",")]
        bases = [p + f[0] for p in prefixes] if f[1] == "PFX_ATOMIC" else [f[0]]
        for b in bases:
            names.add(b)
            if len(f) > 5 and f[5] not in ("0", ""):
                names.update(b + s for s in suffixes)
    return names


def c11_names():
    """C11's names of <stdatomic.h>: c11.def's C11() rows, but the builtins."""
    text = re.sub(r"/\*.*?\*/", "", open(os.path.join(VOCAB, "c11.def")).read(), flags=re.S)
    return set(n for n in re.findall(r"^\s*C11\(\s*(\w+)", text, re.M)
               if n.startswith("atomic_"))


# C11's names defined over the GCC builtins, as a library does where
# <stdatomic.h> is missing (variant E)
OWN_C11 = """\
typedef int memory_order;
#define memory_order_relaxed __ATOMIC_RELAXED
#define memory_order_consume __ATOMIC_CONSUME
#define memory_order_acquire __ATOMIC_ACQUIRE
#define memory_order_release __ATOMIC_RELEASE
#define memory_order_acq_rel __ATOMIC_ACQ_REL
#define memory_order_seq_cst __ATOMIC_SEQ_CST
typedef int atomic_int;
typedef unsigned int atomic_uint;
typedef long atomic_long;
typedef unsigned long atomic_ulong;
typedef _Bool atomic_bool;
typedef _Bool atomic_flag;
typedef unsigned long atomic_size_t;
typedef unsigned long atomic_uintptr_t;
#define ATOMIC_VAR_INIT(v) (v)
#define atomic_init(p, v) __atomic_store_n(p, v, __ATOMIC_RELAXED)
#define atomic_load_explicit(p, o) __atomic_load_n(p, o)
#define atomic_load(p) __atomic_load_n(p, __ATOMIC_SEQ_CST)
#define atomic_store_explicit(p, v, o) __atomic_store_n(p, v, o)
#define atomic_store(p, v) __atomic_store_n(p, v, __ATOMIC_SEQ_CST)
#define atomic_exchange_explicit(p, v, o) __atomic_exchange_n(p, v, o)
#define atomic_exchange(p, v) __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST)
#define atomic_compare_exchange_strong_explicit(p, e, d, s, f) \\
	__atomic_compare_exchange_n(p, e, d, 0, s, f)
#define atomic_compare_exchange_weak_explicit(p, e, d, s, f) \\
	__atomic_compare_exchange_n(p, e, d, 1, s, f)
#define atomic_compare_exchange_strong(p, e, d) \\
	__atomic_compare_exchange_n(p, e, d, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
#define atomic_compare_exchange_weak(p, e, d) \\
	__atomic_compare_exchange_n(p, e, d, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
#define atomic_fetch_add_explicit(p, v, o) __atomic_fetch_add(p, v, o)
#define atomic_fetch_sub_explicit(p, v, o) __atomic_fetch_sub(p, v, o)
#define atomic_fetch_or_explicit(p, v, o) __atomic_fetch_or(p, v, o)
#define atomic_fetch_xor_explicit(p, v, o) __atomic_fetch_xor(p, v, o)
#define atomic_fetch_and_explicit(p, v, o) __atomic_fetch_and(p, v, o)
#define atomic_fetch_add(p, v) __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST)
#define atomic_fetch_sub(p, v) __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST)
#define atomic_fetch_or(p, v) __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST)
#define atomic_fetch_xor(p, v) __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST)
#define atomic_fetch_and(p, v) __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST)
#define atomic_thread_fence(o) __atomic_thread_fence(o)
#define atomic_signal_fence(o) __atomic_signal_fence(o)
"""

PASTE_DEFS = ["#define OC_atomic(name) atomic_##name\n",
              "#define OC_mo(name) memory_order_##name\n"]

IDENT = re.compile(
    r'(?P<skip>//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
    r"|^[ \t]*#[^\n]*(?:\\\n[^\n]*)*)|(?P<name>\b[A-Za-z_]\w*)(?P<call>\s*\()?",
    re.S | re.M,
)


def paste(text, names, wrappers):
    """Each C11 name's call and memory order spelled by token pasting
    (variant C); with @wrappers, each call through a wrapper of its own
    (variant D). The text; the definitions; the wrappers' names."""
    out, pos, wrap_defs = [], 0, {}
    for m in IDENT.finditer(text):
        n = m.group("name")
        if not n:
            continue
        if m.group("call") and n in names:
            rest = n[len("atomic_"):]
            if wrappers:
                if n not in wrap_defs:
                    wrap_defs[n] = "OC_C%d" % len(wrap_defs)
                new = wrap_defs[n]
            else:
                new = "OC_atomic(%s)" % rest
            out += [text[pos:m.start()], new, m.group("call")]
        elif n.startswith("memory_order_") and not m.group("call"):
            out += [text[pos:m.start()], "OC_mo(%s)" % n[len("memory_order_"):]]
        else:
            continue
        pos = m.end()
    out.append(text[pos:])
    defs = PASTE_DEFS + ["#define %s(...) OC_atomic(%s)(__VA_ARGS__)\n"
                         % (w, n[len("atomic_"):]) for n, w in wrap_defs.items()]
    return "".join(out), defs, {w: n for n, w in wrap_defs.items()}


def own_c11(text):
    """<stdatomic.h> replaced by the project's own header (variant E)."""
    text = re.sub(r"^#include <stdatomic.h>$", '#include "oc_c11.h"', text, flags=re.M)
    text = re.sub(r"\b_Atomic\s*\(([^()]*)\)", r"\1", text)
    return re.sub(r"\b_Atomic\s+", "", text)


CODE = re.compile(
    r'(?P<skip>//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
    r"|^[ \t]*#[^\n]*(?:\\\n[^\n]*)*)|(?P<name>\b[A-Za-z_]\w*)(?=\s*\()",
    re.S | re.M,
)


def wrap(text, names):
    """The text with each call of a primitive renamed; the definitions."""
    defs, out, pos = {}, [], 0
    for m in CODE.finditer(text):
        n = m.group("name")
        if not n or n not in names:
            continue
        if n not in defs:
            defs[n] = "OC_%d" % len(defs)
        out.append(text[pos:m.start()])
        out.append(defs[n])
        pos = m.end()
    out.append(text[pos:])
    lines = ["#define %s(...) %s(__VA_ARGS__)\n" % (w, n) for n, w in defs.items()]
    return "".join(out), lines, {w: n for n, w in defs.items()}


def unwrap(text, back):
    """Text quoted from the rewritten file, with the names written back."""
    if not back:
        return text
    text = re.sub(r"\bOC_atomic\((\w+)\)", r"atomic_\1", text)
    text = re.sub(r"\bOC_mo\((\w+)\)", r"memory_order_\1", text)
    return re.sub(r"\bOC_C?\d+\b", lambda m: back.get(m.group(0), m.group(0)), text)


def run(oc, path, args, cwd):
    """ordercheck's output; compiler flags (after "--") go after the file."""
    cut = args.index("--") if "--" in args else len(args)
    p = subprocess.run([oc, "--no-facts", "-j1"] + args[:cut] + [path] + args[cut:],
                       cwd=cwd,
                       capture_output=True, text=True)
    if p.returncode not in (0, 1):
        raise RuntimeError("%s %s: exit %d\n%s" % (oc, path, p.returncode, p.stderr))
    return p.stdout


def findings(oc, path, extra, shift, cwd, back=None):
    out = json.loads(run(oc, path, ["--format", "json"] + extra, cwd))
    base = os.path.basename(path)
    # a finding in an installed header (DPDK's rte_ring.h) keeps its line
    return sorted((d["rule"],
                   d["line"] - (shift if os.path.basename(d.get("file", base)) == base else 0),
                   d.get("function") or "",
                   unwrap(d["message"], back)) for d in out["diagnostics"])


LINECOL = re.compile(r"\b(\d+):\d+\b")


def ir(oc, path, extra, shift, cwd, back=None):
    """--dump-ir without what the rewrite changes by design."""
    text = unwrap(run(oc, path, ["--dump-ir"] + extra, cwd), back)
    keep = []
    header = False
    for line in text.splitlines():
        if line.startswith("function"):
            # an installed header's functions: not rewritten, not shifted
            header = line.endswith("(header)")
        if header:
            continue
        if not line.startswith(" ") and not line.startswith("function"):
            continue  # a finding: compared above
        line = LINECOL.sub(lambda m: str(int(m.group(1)) - shift), line)
        line = re.sub(r"^function (\S+) at \S+?:(\d+)",
                      lambda m: "function %s at %d" % (m.group(1), int(m.group(2)) - shift),
                      line)
        keep.append(re.sub(r" fixable\b", "", line))
    return keep


def dialect_flags(base):
    """A case's compiler flags, as testcases.cmake gives them: dpdk*.c
    are built with `pkg-config --cflags libdpdk`; None: not installed."""
    if not base.startswith("dpdk"):
        return []
    try:
        p = subprocess.run(["pkg-config", "--cflags", "libdpdk"],
                           capture_output=True, text=True)
    except OSError:
        return None
    return p.stdout.split() if p.returncode == 0 else None


def variants_of(text, names, c11):
    """Each rewrite: label -> (source, lines added on top, header)."""
    v = {}
    wrapped, defs, back = wrap(text, names)
    if defs:
        v["A (macros in the file)"] = ("".join(defs) + wrapped, len(defs), None, back)
        v["B (macros in a header)"] = ('#include "oc_wrap.h"\n' + wrapped, 1,
                                       "".join(defs), back)
    if not re.search(r"^#include <stdatomic.h>$", text, re.M):
        return v
    pasted, pdefs, pback = paste(text, c11, False)
    v["C (C11 by token pasting)"] = ("".join(pdefs) + pasted, len(pdefs), None, {"": ""})
    pasted, pdefs, pback = paste(text, c11, True)
    v["D (C11 by token pasting in wrappers)"] = ("".join(pdefs) + pasted, len(pdefs),
                                                 None, pback or {"": ""})
    v["E (C11 names over the builtins)"] = (own_c11(text), 0, None, None)
    return v


def check_case(oc, case, names, c11, letters, tmp):
    case = os.path.abspath(case)
    text = open(case).read()
    variants = {k: v for k, v in variants_of(text, names, c11).items()
                if not letters or k[0] in letters}
    if not variants:
        return []
    cdir = os.path.dirname(os.path.abspath(case))
    base = os.path.basename(case)
    flags = dialect_flags(base)
    if flags is None:
        return []
    inc = ["--", "-I", cdir] + flags
    orig = ["--"] + flags if flags else []
    want_f = findings(oc, case, orig, 0, cdir)
    want_ir = ir(oc, case, orig, 0, cdir)
    problems = []
    for label, (src, shift, header, back) in variants.items():
        vdir = tempfile.mkdtemp(dir=tmp)
        if header is not None:
            with open(os.path.join(vdir, "oc_wrap.h"), "w") as h:
                h.write(header)
        with open(os.path.join(vdir, "oc_c11.h"), "w") as h:
            h.write(OWN_C11)
        path = os.path.join(vdir, base)
        with open(path, "w") as f:
            f.write(src)
        got_f = findings(oc, path, inc, shift, cdir, back)
        got_ir = ir(oc, path, inc, shift, cdir, back)
        if got_f != want_f:
            problems.append("%s %s: findings differ\n  original: %s\n  wrapped:  %s"
                            % (case, label, sorted(set(want_f) - set(got_f)),
                               sorted(set(got_f) - set(want_f))))
        if got_ir != want_ir:
            diff = [d for d in difflib.unified_diff(want_ir, got_ir, lineterm="", n=0)
                    if d[:1] in "+-" and d[:3] not in ("---", "+++")]
            problems.append("%s %s: --dump-ir differs\n%s" % (
                case, label, "\n".join("  " + d for d in diff[:8])))
    return problems


def rule_cases(root, only):
    for rule in sorted(os.listdir(root)):
        d = os.path.join(root, rule)
        if not os.path.isdir(d) or (only and rule not in only):
            continue
        cases = [os.path.join(d, f) for f in sorted(os.listdir(d))
                 if f.endswith(".c") and f != "repro.c"
                 and not f.startswith("repro-")]
        # a rule folder: its cases carry expectations (testcases.cmake)
        if any("expect-" in open(c).read() for c in cases):
            yield from cases


def main():
    args, letters = sys.argv[1:], ""
    if args[:1] == ["--variants"] and len(args) > 1:
        letters, args = args[1], args[2:]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    oc, root, only = os.path.abspath(args[0]), args[1], set(args[2:])
    names, c11 = vocab_names(), c11_names()
    problems, n = [], 0
    # the cases side by side, one per CPU: each is six runs of the
    # checker, and under AddressSanitizer this test was CI's longest
    # (5.6 min alone); results in the cases' order
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        cases = list(rule_cases(root, only))
        n = len(cases)
        for found in ex.map(lambda c: check_case(oc, c, names, c11, letters, tmp), cases):
            problems += found
    for p in problems:
        print(p)
    bad = len({p.split(" ")[0] for p in problems})
    print("metamorphic macros: %d cases, %d differ (%d differences)"
          % (n, bad, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
