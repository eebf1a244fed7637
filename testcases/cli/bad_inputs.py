#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Bad input as a new user or a CI pipeline gives it: a table.

    bad_inputs.py ORDERCHECK [CASE...]

Each row: a name, the files the case starts from (a fixture), the
arguments, the exit status, and a substring of stdout or stderr that must
be there (and, where it matters, one that must not). Every run must also
end in time (no hang) and not die of a signal (no crash), and everything
ordercheck itself writes on stderr is its own: a line starting
"ordercheck:", so that a misleading line of libclang's never comes first.
Exit 0 when every row holds, 1 with the failing rows.
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
TESTCASES = os.path.dirname(HERE)
BAD_C = os.path.join(TESTCASES, "mb-after-atomic", "bad.c")
NO_MACROS = "int x;\nvoid f(void)\n{\n\tx = 1;\n}\n"
HEADER = "# ordercheck baseline v1: fingerprint\trule\tfile\tmessage\n"


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, mode) as f:
        f.write(text)


def db(entries):
    """compile_commands.json text from JSON fragments."""
    return "[" + ",".join(entries) + "]\n"


def entry(directory, file, extra=""):
    return ('{"directory": %s, "file": %s, "arguments": ["cc", "-c", "x.c"]%s}'
            % (directory, file, extra))


# fixtures: what the scratch directory holds before the run
def fx_bad(d):
    shutil.copy(BAD_C, os.path.join(d, "bad.c"))


def fx_no_macros(d):
    write(os.path.join(d, "nomac.c"), NO_MACROS)


def fx_baseline(text, binary=False):
    def f(d):
        fx_bad(d)
        write(os.path.join(d, "baseline"), text, "wb" if binary else "w")
    return f


def fx_sarif_baseline(oc):
    def f(d):
        fx_bad(d)
        subprocess.run([oc, "--format=sarif", "-o", "baseline", "bad.c"],
                       cwd=d, capture_output=True, timeout=60)
    return f


def fx_compdb(text, with_src=True):
    def f(d):
        if with_src:
            os.makedirs(os.path.join(d, "build", "src"), exist_ok=True)
            shutil.copy(BAD_C, os.path.join(d, "build", "src", "x.c"))
        write(os.path.join(d, "build", "compile_commands.json"), text)
    return f


def fx_git_untracked(d):
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run(git + ["init", "-q"], cwd=d, check=True)
    write(os.path.join(d, "old.c"), NO_MACROS)
    subprocess.run(git + ["add", "old.c"], cwd=d, check=True)
    subprocess.run(git + ["commit", "-q", "-m", "old"], cwd=d, check=True)
    fx_bad(d)  # new, not yet added


def fx_store(damage):
    """A store of a first run over two files, then damaged."""
    def f(d):
        src = os.path.join(d, "build")
        os.makedirs(src)
        shutil.copy(BAD_C, os.path.join(src, "a.c"))
        write(os.path.join(src, "b.c"), NO_MACROS)
        write(os.path.join(src, "compile_commands.json"),
              db([entry('"%s"' % src, '"a.c"'), entry('"%s"' % src, '"b.c"')])
              .replace('"x.c"', '"a.c"', 1).replace('"x.c"', '"b.c"', 1))
        r = subprocess.run([OC, "-p", "build"], cwd=d, capture_output=True,
                           timeout=120)
        write(os.path.join(d, "clean.out"), r.stdout, "wb")
        store = os.path.join(src, "ordercheck-facts.sqlite")
        with open(store, "rb") as fh:
            data = bytearray(fh.read())
        write(store, bytes(damage(data)), "wb")
    return f


def truncate(data):
    return data[:len(data) // 3]


def garbage(data):
    return b"this is not a database\n" * 40


def overwrite_pages(data):
    # keep the header page, scribble over the b-tree pages after it
    for i in range(4096, len(data), 7):
        data[i] = 0xA5
    return data


def same_as_clean(d, out):
    with open(os.path.join(d, "clean.out"), "rb") as f:
        clean = f.read()
    if out != clean:
        return "findings differ from the clean run:\n%r\n%r" % (clean, out)
    if not os.path.exists(os.path.join(d, "build",
                                       "ordercheck-facts.sqlite.corrupt")):
        return "the damaged store was not set aside"
    return None


def wrote_baseline(d, out):
    with open(os.path.join(d, "bl.txt")) as f:
        text = f.read()
    return None if text.startswith(HEADER) and "\tmb-after-atomic\t" in text \
        else "baseline not written: %r" % text[:200]


# name, fixture, args, exit status, must show (substring of stdout+stderr),
# must not show, extra check(dir, stdout bytes) -> None or a reason
def table(oc):
    return [
        ("help-short", None, ["-h"], 0, "usage:", None, None),
        ("help-names-dialect", None, ["--help"], 0, "--dialect NAME", None,
         None),
        ("dialect-unknown", fx_bad, ["--dialect=nope", "bad.c"], 2,
         "unknown dialect 'nope' (known: linux gnu c11 urcu qemu ck dpdk)", None,
         None),
        ("dialect-missing-name", fx_bad, ["bad.c", "--dialect"], 2,
         "--dialect", None, None),
        # the kernel's words in a kernel file, urcu's when told it is urcu
        ("dialect-linux", fx_bad, ["--dialect=linux", "bad.c"], 1,
         "use smp_mb__after_atomic()", "cmm_smp_mb", None),
        ("dialect-urcu-words", fx_bad, ["--dialect=urcu", "bad.c"], 1,
         "cmm_smp_mb()", None, None),
        # CK and DPDK by name: their words, not the kernel's helper
        ("dialect-ck", fx_bad, ["--dialect=ck", "bad.c"], 1,
         "ck_pr_fence_memory()", "cmm_smp_mb", None),
        ("dialect-dpdk", fx_bad, ["--dialect=dpdk", "bad.c"], 1,
         "rte_smp_mb()", "cmm_smp_mb", None),
        ("baseline-garbage", fx_baseline("garbage\nmore garbage\n"),
         ["--baseline", "baseline", "bad.c"], 2,
         "baseline: not an ordercheck baseline", None, None),
        ("baseline-sarif", fx_sarif_baseline(oc),
         ["--baseline", "baseline", "bad.c"], 2,
         "not an ordercheck baseline", None, None),
        ("baseline-bad-line", fx_baseline(HEADER + "zzz\tmb-after-atomic\n"),
         ["--baseline", "baseline", "bad.c"], 2,
         "line 2: 'zzz' is not a fingerprint", None, None),
        ("baseline-nul", fx_baseline(HEADER.encode() + b"\0\0\0", True),
         ["--baseline", "baseline", "bad.c"], 2, "NUL bytes", None, None),
        ("baseline-empty-ok", fx_baseline(HEADER),
         ["--baseline", "baseline", "bad.c"], 1, "[mb-after-atomic]", None,
         None),
        ("write-baseline-exit-0", fx_bad, ["--write-baseline", "bl.txt",
                                           "bad.c"], 0, "[mb-after-atomic]",
         None, wrote_baseline),
        ("changed-since-untracked", fx_git_untracked,
         ["--changed-since", "HEAD", "bad.c", "old.c"], 1,
         "bad.c:14:2: warning:", None, None),
        ("store-truncated", fx_store(truncate), ["-p", "build"], 1,
         "moved to build/ordercheck-facts.sqlite.corrupt", None,
         same_as_clean),
        ("store-not-sqlite", fx_store(garbage), ["-p", "build"], 1,
         "rebuilding it", None, same_as_clean),
        ("store-pages-overwritten", fx_store(overwrite_pages),
         ["-p", "build"], 1, "is damaged", None, same_as_clean),
        ("compdb-relative-directory",
         fx_compdb(db([entry('"src"', '"x.c"')])), ["-p", "build"], 1,
         "build/src/x.c:14:2: warning:", "could not parse", None),
        ("compdb-file-null", fx_compdb(db([entry('"/tmp"', "null")])),
         ["-p", "build"], 2, 'entry 1: "file" is null, not a string',
         "/tmp/null", None),
        ("compdb-second-entry-no-file",
         fx_compdb(db([entry('"src"', '"x.c"'),
                       '{"directory": "/", "command": "cc x.c"}'])),
         ["-p", "build"], 2, 'entry 2: has no "file"', None, None),
        ("compdb-not-array", fx_compdb('{"directory": "/"}\n'),
         ["-p", "build"], 2, "is an object, not an array", None, None),
        ("compdb-entry-number", fx_compdb("[1]\n"), ["-p", "build"], 2,
         "entry 1: is a number, not an object", None, None),
        ("compdb-arguments-not-strings",
         fx_compdb('[{"directory": "/", "file": "x.c", "arguments": [1]}]'),
         ["-p", "build"], 2, '"arguments" is not a non-empty array', None,
         None),
        ("compdb-no-command",
         fx_compdb('[{"directory": "/", "file": "x.c"}]'), ["-p", "build"],
         2, 'neither "arguments" nor "command"', None, None),
        ("compdb-unknown-key",
         fx_compdb(db([entry('"src"', '"x.c"', ', "zzz": 1')])),
         ["-p", "build"], 2, 'Unknown key: ""zzz""',
         "fixed-compilation-database", None),
        ("compdb-truncated-json", fx_compdb('[{"directory": "/", "file": '),
         ["-p", "build"], 2, "not valid JSON", "fixed-compilation-database",
         None),
        ("directory-as-input", lambda d: os.mkdir(os.path.join(d, "sub")),
         ["sub"], 2, "sub: error: is a directory, not a C file",
         "AST read error", None),
        ("no-macro-expansions", fx_no_macros, ["nomac.c"], 0, None,
         "crashed", None),
    ]


def run_case(oc, row):
    name, fixture, args, status, want, unwanted, check = row
    d = tempfile.mkdtemp(prefix="oc-bad-")
    try:
        if fixture:
            fixture(d)
        try:
            r = subprocess.run([oc] + args, cwd=d, capture_output=True,
                               timeout=120)
        except subprocess.TimeoutExpired:
            return "hang: no exit in 120 s"
        both = (r.stdout + r.stderr).decode("utf-8", "replace")
        if r.returncode < 0:
            return "crash: signal %d\n%s" % (-r.returncode, both)
        if r.returncode != status:
            return "exit %d, not %d\n%s" % (r.returncode, status, both)
        if want and want not in both:
            return "no %r in:\n%s" % (want, both)
        if unwanted and unwanted in both:
            return "%r shown:\n%s" % (unwanted, both)
        for line in r.stderr.decode("utf-8", "replace").splitlines():
            if line and not line.startswith("ordercheck:"):
                return "stderr line not ordercheck's: %r" % line
        return check(d, r.stdout) if check else None
    finally:
        shutil.rmtree(d, ignore_errors=True)


def main():
    global OC
    if len(sys.argv) < 2:
        print(__doc__.strip().split("\n")[2].strip(), file=sys.stderr)
        return 2
    OC = os.path.abspath(sys.argv[1])
    only = set(sys.argv[2:])
    failed = 0
    rows = [r for r in table(OC) if not only or r[0] in only]
    for row in rows:
        why = run_case(OC, row)
        print("%s: %s" % ("FAIL" if why else "ok", row[0]))
        if why:
            failed += 1
            print("  " + why.replace("\n", "\n  "))
    print("%d of %d bad-input cases hold" % (len(rows) - failed, len(rows)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
