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

Usage: metamorphic_macros.py ORDERCHECK TESTCASES_DIR [RULE...]
Exit status 1 when a case differs (each difference is printed).
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
    return re.sub(r"\bOC_\d+\b", lambda m: back.get(m.group(0), m.group(0)), text)


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


def check_case(oc, case, names, tmp):
    case = os.path.abspath(case)
    text = open(case).read()
    wrapped, defs, back = wrap(text, names)
    if not defs:
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
    variants = {
        "A (macros in the file)": ("".join(defs) + wrapped, len(defs), None),
        "B (macros in a header)": ('#include "oc_wrap.h"\n' + wrapped, 1,
                                   "".join(defs)),
    }
    for label, (src, shift, header) in variants.items():
        vdir = tempfile.mkdtemp(dir=tmp)
        if header is not None:
            with open(os.path.join(vdir, "oc_wrap.h"), "w") as h:
                h.write(header)
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
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    oc, root, only = os.path.abspath(sys.argv[1]), sys.argv[2], set(sys.argv[3:])
    names = vocab_names()
    problems, n = [], 0
    # the cases side by side, one per CPU: each is six runs of the
    # checker, and under AddressSanitizer this test was CI's longest
    # (5.6 min alone); results in the cases' order
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        cases = list(rule_cases(root, only))
        n = len(cases)
        for found in ex.map(lambda c: check_case(oc, c, names, tmp), cases):
            problems += found
    for p in problems:
        print(p)
    bad = len({p.split(" ")[0] for p in problems})
    print("metamorphic macros: %d cases, %d differ (%d differences)"
          % (n, bad, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
