#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""ordercheck lsp, driven by a scripted client over real pipes.

    test_lsp.py ORDERCHECK CASE

Exit 0 when the server behaves, 1 with a reason, 77 when a program the
case needs (clangd) is missing: ctest reports that as skipped.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Client, LspError, apply_edits, capabilities, uri_of  # noqa

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BAD_C = os.path.join(ROOT, "testcases", "mb-after-atomic", "bad.c")
INCLUDE = os.path.join(ROOT, "checker", "include")
RULE = "mb-after-atomic"
SKIP = 77


class Fail(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Fail(what)


def ours(ds, rule=RULE):
    return [d for d in ds if d.get("source") == "ordercheck" and
            d.get("code") == rule]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def compile_db(dirpath, files, flags=()):
    entries = [{"directory": dirpath, "file": f,
                "arguments": ["cc", "-std=gnu11", "-Wall", "-I" + INCLUDE] +
                list(flags) + ["-c", f]} for f in files]
    write(os.path.join(dirpath, "compile_commands.json"), json.dumps(entries))


class Session:
    """A server, its client, its log; the log is shown on failure."""

    def __init__(self, tmp, argv, env=None, name="server"):
        self.logpath = os.path.join(tmp, name + ".log")
        self.log = open(self.logpath, "w")
        self.c = Client(argv, cwd=tmp, env=env, log=self.log)

    def initialize(self, root=None, **caps):
        params = {"processId": os.getpid(),
                  "rootUri": uri_of(root) if root else None,
                  "capabilities": capabilities(**caps)}
        result = self.c.call("initialize", params)
        self.c.notify("initialized", {})
        return result

    def tail(self):
        self.log.flush()
        with open(self.logpath) as f:
            lines = [ln for ln in f if not re.match(r"^[IV]\[", ln)]
        return "".join(lines[-40:])


def first_check(s, uri, n=4, timeout=60):
    ds = s.c.diagnostics(uri, lambda ds: len(ours(ds)) == n, timeout)
    for d in ours(ds):
        check(d["severity"] == 2, "severity of a warning is 2: %r" % d)
        check(d["range"]["start"]["line"] >= 0, "a range")
        rel = d.get("relatedInformation") or []
        check(rel and rel[0]["location"]["uri"] == uri and
              "unordered" in rel[0]["message"],
              "the note is relatedInformation: %r" % d)
    return ds


def fix_one(s, uri, d, incremental):
    """Ask for the quick fix of @d, apply it as an editor would."""
    acts = s.c.call("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": d["range"]["start"], "end": d["range"]["start"]},
        "context": {"diagnostics": [d]}})
    mine = [a for a in acts if a.get("title", "").startswith("ordercheck")]
    check(len(mine) == 1, "one quick fix of ours: %r" % acts)
    a = mine[0]
    check(a.get("kind") == "quickfix" and a.get("isPreferred"),
          "a preferred quickfix: %r" % a)
    check(a["diagnostics"][0]["code"] == RULE, "it names its diagnostic")
    edits = a["edit"]["changes"][uri]
    check(edits[0]["newText"] == "smp_mb__after_atomic()",
          "the fix-it text: %r" % edits)
    if incremental:
        s.c.change_edits(uri, edits)
    else:
        s.c.change_full(uri, apply_edits(s.c.docs[uri][0], edits))
    return acts


def no_action_elsewhere(s, uri):
    """Line 1 has no finding: no quick fix of ours there."""
    acts = s.c.call("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 0, "character": 0},
                  "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}})
    check(not [a for a in acts or [] if "ordercheck" in a.get("title", "")],
          "no fix of ours on a clean line: %r" % acts)


def close_clears(s, uri):
    s.c.close(uri)
    ds = s.c.diagnostics(uri, lambda ds: True, 30)
    check(ds == [], "didClose publishes an empty list: %r" % ds)


def case_standalone(oc, tmp):
    # the database is in a parent of the file, not in the workspace root
    src = os.path.join(tmp, "proj", "src", "a.c")
    write(src, open(BAD_C).read())
    compile_db(os.path.join(tmp, "proj"), ["src/a.c"])
    s = Session(tmp, [oc, "lsp"])
    try:
        res = s.initialize(root=None)
        caps = res["capabilities"]
        check(caps["textDocumentSync"]["change"] == 1 and
              caps["textDocumentSync"]["save"] is not None and
              caps["codeActionProvider"], "capabilities: %r" % caps)
        uri = s.c.open(src)
        ds = first_check(s, uri)
        no_action_elsewhere(s, uri)
        # fix one: exactly that finding goes
        target = ours(ds)[0]
        fix_one(s, uri, target, incremental=False)
        ds = s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 3)
        check(all(d["range"]["start"]["line"] !=
                  target["range"]["start"]["line"] for d in ours(ds)),
              "the fixed finding is gone")
        # debounce: five quick edits, one check, of the last version
        for i in range(5):
            text = s.c.docs[uri][0] + "\n/* edit %d */" % i
            s.c.change_full(uri, text)
        last = s.c.docs[uri][1]
        msg = s.c.wait(lambda m: m.get("method") ==
                       "textDocument/publishDiagnostics", 30,
                       "diagnostics after the edits")
        check(msg["params"]["version"] == last,
              "debounced: the first publish after 5 edits is for the "
              "last version (%r, want %d)" % (msg["params"]["version"], last))
        # fix the rest, one by one
        for _ in range(3):
            d = ours(msg["params"]["diagnostics"])[0]
            fix_one(s, uri, d, incremental=False)
            n = len(ours(msg["params"]["diagnostics"])) - 1
            msg = s.c.wait(lambda m: m.get("method") ==
                           "textDocument/publishDiagnostics" and
                           len(ours(m["params"]["diagnostics"])) == n, 30,
                           "%d findings left" % n)
        check(ours(msg["params"]["diagnostics"]) == [], "all fixed")
        # a save re-checks
        s.c.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        s.c.diagnostics(uri, lambda ds: ours(ds) == [], 30)
        close_clears(s, uri)
        rc = s.c.shutdown_exit()
        check(rc == 0, "exit status %d after shutdown and exit" % rc)
    finally:
        s.c.kill()
        if sys.exc_info()[0]:
            print(s.tail())


def case_wrap(oc, tmp):
    if not shutil.which("clangd"):
        print("SKIP: no clangd")
        return SKIP
    src = os.path.join(tmp, "a.c")
    # clangd must still speak: an unused variable (-Wall) and an error
    text = open(BAD_C).read() + (
        "\nint other(void)\n{\n\tint unused_var;\n\treturn 0;\n}\n"
        "int broken(void)\n{\n\treturn not_declared_anywhere;\n}\n")
    write(src, text)
    compile_db(tmp, ["a.c"])
    s = Session(tmp, [oc, "lsp", "--wrap", "clangd", "--log=error"])
    try:
        res = s.initialize(root=tmp)
        caps = res["capabilities"]
        check(res.get("serverInfo", {}).get("name") == "clangd",
              "clangd's initialize result passes through: %r" %
              res.get("serverInfo"))
        check("ordercheck.applyFix" in
              caps["executeCommandProvider"]["commands"] and
              "clangd.applyFix" in caps["executeCommandProvider"]["commands"],
              "both servers' commands: %r" % caps["executeCommandProvider"])
        check(caps.get("hoverProvider"), "clangd's capabilities are kept")
        sync = caps["textDocumentSync"]
        incremental = isinstance(sync, dict) and sync.get("change") == 2
        uri = s.c.open(src)

        def both(ds):
            return (len(ours(ds)) == 4 and
                    any(d.get("source") == "clang" for d in ds))
        ds = s.c.diagnostics(uri, both, 90)
        clang = [d for d in ds if d.get("source") == "clang"]
        check(any("unused" in d["message"] for d in clang) and
              any("not_declared_anywhere" in d["message"] for d in clang),
              "clangd's own diagnostics arrive: %r" % clang)
        # clangd's hover still answers through us
        hov = s.c.call("textDocument/hover", {
            "textDocument": {"uri": uri},
            "position": {"line": 12, "character": 3}})
        check(hov is None or "contents" in hov, "hover: %r" % hov)
        target = ours(ds)[0]
        acts = fix_one(s, uri, target, incremental=incremental)

        def fixed(ds):
            return (len(ours(ds)) == 3 and
                    any("unused" in d["message"] for d in ds
                        if d.get("source") == "clang"))
        ds = s.c.diagnostics(uri, fixed, 60)
        check(all(d["range"]["start"]["line"] !=
                  target["range"]["start"]["line"] for d in ours(ds)),
              "the fixed finding is gone, clangd's stay")
        # clangd's quick fix for the unused variable is still there
        unused = [d for d in ds if d.get("source") == "clang" and
                  "unused" in d["message"]][0]
        acts = s.c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": unused["range"],
            "context": {"diagnostics": [unused]}})
        check(acts is not None, "clangd answers codeAction")
        # requests from the servers to the client have distinct ids
        ids = [json.dumps(r["id"]) for r in s.c.server_requests]
        check(len(ids) == len(set(ids)), "server request ids: %r" % ids)
        close_clears(s, uri)
        rc = s.c.shutdown_exit()
        check(rc == 0, "exit status %d after shutdown and exit" % rc)
    finally:
        s.c.kill()
        if sys.exc_info()[0]:
            print(s.tail())


def commands(oc, tmp, wrap):
    """A client without CodeAction literals: commands and applyEdit."""
    if wrap and not shutil.which("clangd"):
        print("SKIP: no clangd")
        return SKIP
    src = os.path.join(tmp, "a.c")
    write(src, open(BAD_C).read())
    compile_db(tmp, ["a.c"])
    argv = [oc, "lsp"] + (["--wrap", "clangd", "--log=error"] if wrap else [])
    s = Session(tmp, argv)
    try:
        s.initialize(root=tmp, literals=False, related=False)
        uri = s.c.open(src)
        ds = s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 4, 90)
        check("note:" in ours(ds)[0]["message"],
              "without relatedInformation the notes are in the message")
        acts = s.c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": ours(ds)[0]["range"],
            "context": {"diagnostics": [ours(ds)[0]]}})
        cmd = [a for a in acts if a.get("command") == "ordercheck.applyFix"]
        check(len(cmd) == 1, "a command of ours: %r" % acts)
        r = s.c.call("workspace/executeCommand",
                     {"command": cmd[0]["command"],
                      "arguments": cmd[0]["arguments"]})
        check(r is None, "executeCommand answers null")
        if not s.c.applied:
            s.c.wait(lambda m: m.get("method") == "workspace/applyEdit", 30,
                     "our applyEdit request")
        ours_reqs = [m for m in s.c.applied]
        check(ours_reqs and isinstance(ours_reqs[0]["id"], str) and
              ours_reqs[0]["id"].startswith("ordercheck-"),
              "our request ids are ours: %r" % ours_reqs[0]["id"])
        ids = [json.dumps(m["id"]) for m in s.c.server_requests]
        check(len(ids) == len(set(ids)), "no id used twice: %r" % ids)
        s.c.change_full(uri, s.c.docs[uri][0])
        s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 3, 60)
        rc = s.c.shutdown_exit()
        check(rc == 0, "exit status %d" % rc)
    finally:
        s.c.kill()
        if sys.exc_info()[0]:
            print(s.tail())


def case_commands(oc, tmp):
    return commands(oc, tmp, False)


def case_wrap_commands(oc, tmp):
    return commands(oc, tmp, True)


def frame(body):
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def expect_error(s, code, what, timeout=30):
    m = s.c.wait(lambda m: "error" in m and "method" not in m, timeout, what)
    check(m["error"]["code"] == code,
          "%s: error %r, want %d" % (what, m["error"], code))
    return m


def bad_input(oc, tmp, wrap):
    if wrap and not shutil.which("clangd"):
        print("SKIP: no clangd")
        return SKIP
    src = os.path.join(tmp, "a.c")
    write(src, open(BAD_C).read())
    broken = os.path.join(tmp, "broken.c")
    write(broken, open(BAD_C).read() +
          "\nvoid half(struct obj *o)\n{\n\tatomic_inc(&o->refs);\n"
          "\tsmp_mb();\n\tthis is not C at all ((;\n}\n")
    compile_db(tmp, ["a.c", "broken.c"])
    argv = [oc, "lsp"] + (["--wrap", "clangd", "--log=error"] if wrap else [])
    s = Session(tmp, argv)
    c = s.c
    try:
        if not wrap:
            # before initialize: requests are refused, not served
            c.request("textDocument/codeAction", {})
            expect_error(s, -32002, "a request before initialize")
        s.initialize(root=tmp)
        # JSON that is not JSON, and JSON cut short
        c.send_raw(frame(b"{this is not json"))
        m = expect_error(s, -32700, "invalid JSON")
        check(m["id"] is None, "a parse error has id null")
        c.send_raw(frame(b'{"jsonrpc":"2.0","id":7,"method":"initi'))
        expect_error(s, -32700, "truncated JSON")
        # a garbage header, then a request: answered
        c.send_raw(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        c.send_raw(b"\x00\x01\x02 binary junk \xff\xfe\r\n\r\n")
        r = c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri_of(src)},
            "range": {"start": {"line": 0, "character": 0},
                      "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": []}})
        c.response(r)
        # a message whose length says more than was sent, then a request
        c.send_raw(b'Content-Length: 200\r\n\r\n{"jsonrpc":"2.0","method":')
        r = c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri_of(src)},
            "range": {"start": {"line": 0, "character": 0},
                      "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": []}})
        expect_error(s, -32700, "the message cut short")
        c.response(r)
        # not JSON-RPC: not an object, a bad id, a batch
        for body in (b'"hello"', b'[1,2]', b'{"jsonrpc":"2.0","id":{},'
                     b'"method":"x"}', b'{"jsonrpc":"2.0","method":5}'):
            c.send_raw(frame(body))
            expect_error(s, -32600, "invalid request %r" % body)
        if not wrap:
            c.request("no/such/method", {})
            expect_error(s, -32601, "an unknown method")
            c.request("textDocument/codeAction", {"textDocument": {}})
            expect_error(s, -32602, "codeAction without its params")
        # notifications with missing fields, out of order: ignored
        c.notify("textDocument/didChange", {"textDocument": {
            "uri": uri_of(src), "version": 3},
            "contentChanges": [{"text": "x"}]})
        c.notify("textDocument/didOpen", {"textDocument": {"uri": 5}})
        c.notify("textDocument/didOpen", {})
        c.notify("textDocument/didClose", None)
        c.notify("textDocument/didSave", {"textDocument": {}})
        c.notify("$/cancelRequest", {"id": 12345})
        c.notify("no/such/notification", {"x": 1})
        c.send({"jsonrpc": "2.0", "id": "stray", "result": None})
        # an oversized message is skipped unread, then we go on
        if not wrap:
            big = b'{"jsonrpc":"2.0","method":"x","params":"' + \
                b"a" * (65 << 20) + b'"}'
            c.send_raw(frame(big))
            expect_error(s, -32600, "an oversized message", 60)
        # still serving: a file with a bug, and one that does not parse
        uri = c.open(src)
        first_check(s, uri)
        buri = c.open(broken)
        ds = c.diagnostics(buri, lambda ds: len(ours(ds)) >= 5, 60)
        check(any("does not parse" in d["message"] for d in ds
                  if d.get("source") == "ordercheck"),
              "a file that does not parse says so: %r" % ds)
        # a range change past the end, a malformed change: no crash
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 50},
            "contentChanges": [{"range": {"start": {"line": 9999,
                                                    "character": 0},
                                          "end": {"line": 9999,
                                                  "character": 5}},
                                "text": "\n"},
                               {"range": "nonsense", "text": 1}]})
        c.docs[uri][1] = 50
        c.diagnostics(uri, lambda ds: len(ours(ds)) == 4, 60)
        rc = c.shutdown_exit()
        check(rc == 0, "exit status %d" % rc)
    finally:
        c.kill()
        if sys.exc_info()[0]:
            print(s.tail())


def case_bad_input(oc, tmp):
    return bad_input(oc, tmp, False)


def case_wrap_bad_input(oc, tmp):
    return bad_input(oc, tmp, True)


def case_lifecycle(oc, tmp):
    """Order of lifecycle messages, and exit codes."""
    # exit without shutdown: status 1
    s = Session(tmp, [oc, "lsp"], name="s1")
    s.initialize()
    s.c.notify("exit", None)
    rc = s.c.proc.wait(30)
    check(rc == 1, "exit without shutdown exits 1, not %d" % rc)
    # requests after shutdown are refused; exit then exits 0
    s = Session(tmp, [oc, "lsp"], name="s2")
    s.initialize()
    s.c.request("initialize", {"capabilities": {}})
    expect_error(s, -32600, "a second initialize")
    check(s.c.call("shutdown", None) is None, "shutdown answers null")
    s.c.request("textDocument/codeAction", {})
    expect_error(s, -32600, "a request after shutdown")
    s.c.notify("exit", None)
    rc = s.c.proc.wait(30)
    check(rc == 0, "exit after shutdown exits 0, not %d" % rc)
    # the client goes away without a word: the server goes too
    s = Session(tmp, [oc, "lsp"], name="s3")
    s.initialize()
    s.c.proc.stdin.close()
    rc = s.c.proc.wait(30)
    check(rc == 1, "EOF without exit exits 1, not %d" % rc)


def case_encodings(oc, tmp):
    """Columns in UTF-16 code units, or in bytes once UTF-8 is agreed."""
    prefix = "\t/* \u00e9\U0001F600 */ "
    text = ("#include <ordercheck/linux.h>\n"
            "void f(atomic_t *a)\n{\n\tatomic_inc(a);\n" + prefix +
            "smp_mb();\n}\n")
    src = os.path.join(tmp, "u.c")
    write(src, text)
    compile_db(tmp, ["u.c"])
    want = {"utf-16": len(prefix.encode("utf-16-le")) // 2,
            "utf-8": len(prefix.encode("utf-8"))}
    for enc in ("utf-16", "utf-8"):
        s = Session(tmp, [oc, "lsp"], name=enc)
        try:
            res = s.initialize(root=tmp, utf8=enc == "utf-8")
            got = res["capabilities"].get("positionEncoding", "utf-16")
            check(got == enc, "negotiated %s, want %s" % (got, enc))
            uri = s.c.open(src)
            d = ours(s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 1))[0]
            r = d["range"]
            check(r["start"] == {"line": 4, "character": want[enc]} and
                  r["end"]["character"] == want[enc] + 6,
                  "%s: range %r, want character %d" % (enc, r, want[enc]))
            acts = s.c.call("textDocument/codeAction", {
                "textDocument": {"uri": uri}, "range": r,
                "context": {"diagnostics": [d]}})
            e = acts[0]["edit"]["changes"][uri][0]["range"]
            check(e["start"]["character"] == want[enc] and
                  e["end"]["character"] == want[enc] + 8,
                  "%s: the fix's range %r" % (enc, e))
            check(s.c.shutdown_exit() == 0, "exit status")
        finally:
            s.c.kill()
            if sys.exc_info()[0]:
                print(s.tail())


def case_compile_commands(oc, tmp):
    """Where the flags come from: each source, told apart by a macro."""
    text = ("#include <ordercheck/linux.h>\n"
            "void f(atomic_t *a)\n{\n\tatomic_inc(a);\n"
            "#ifdef FROM_FLAGS\n\tsmp_mb();\n#endif\n}\n")
    # 1. --compile-commands-dir, a database elsewhere
    write(os.path.join(tmp, "one", "x.c"), text)
    compile_db(os.path.join(tmp, "builddir"),
               [os.path.join(tmp, "one", "x.c")], ["-DFROM_FLAGS"])
    # 2. a header: no entry of its own, its neighbour's flags
    write(os.path.join(tmp, "two", "x.c"), text)
    write(os.path.join(tmp, "two", "y.h"), text.replace("void f", "void g"))
    compile_db(os.path.join(tmp, "two"), ["x.c"], ["-DFROM_FLAGS"])
    # 3. no database at all: the fallback flags
    write(os.path.join(tmp, "three", "x.c"), text)
    # 4. the workspace root's build/ directory
    write(os.path.join(tmp, "four", "src", "x.c"), text)
    compile_db(os.path.join(tmp, "four", "build"),
               [os.path.join(tmp, "four", "src", "x.c")], ["-DFROM_FLAGS"])
    cases = [
        ([oc, "lsp", "--compile-commands-dir",
          os.path.join(tmp, "builddir")], None, "one/x.c"),
        ([oc, "lsp"], None, "two/y.h"),
        ([oc, "lsp", "--", "-DFROM_FLAGS"], None, "three/x.c"),
        ([oc, "lsp"], os.path.join(tmp, "four"), "four/src/x.c"),
    ]
    for i, (argv, root, rel) in enumerate(cases):
        s = Session(tmp, argv, name="cc%d" % i)
        try:
            s.initialize(root=root)
            uri = s.c.open(os.path.join(tmp, rel))
            s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 1, 60)
            check(s.c.shutdown_exit() == 0, "exit status")
        except (Fail, LspError) as e:
            print(s.tail())
            raise Fail("%s: %s" % (rel, e))
        finally:
            s.c.kill()
    # and a client's initializationOptions, as clangd reads them
    s = Session(tmp, [oc, "lsp"], name="cc-init")
    try:
        s.c.call("initialize", {
            "capabilities": capabilities(),
            "initializationOptions": {"fallbackFlags": ["-DFROM_FLAGS"]}})
        s.c.notify("initialized", {})
        uri = s.c.open(os.path.join(tmp, "three", "x.c"))
        s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 1, 60)
        check(s.c.shutdown_exit() == 0, "exit status")
    finally:
        s.c.kill()


def case_worker_crash(oc, tmp):
    """A crash or a hang in the checker costs one check, not the server."""
    src = os.path.join(tmp, "a.c")
    write(src, open(BAD_C).read())
    write(os.path.join(tmp, "crashme.c"), open(BAD_C).read())
    write(os.path.join(tmp, "hangme.c"), open(BAD_C).read())
    compile_db(tmp, ["a.c", "crashme.c", "hangme.c"])
    env = dict(os.environ, ORDERCHECK_TEST_CRASH_ON="crashme",
               ORDERCHECK_TEST_HANG_ON="hangme")
    s = Session(tmp, [oc, "lsp", "--timeout", "3"], env=env)
    try:
        s.initialize(root=tmp)
        uri = s.c.open(src)
        first_check(s, uri)
        curi = s.c.open(os.path.join(tmp, "crashme.c"))
        ds = s.c.diagnostics(curi, lambda ds: len(ds) == 1, 60)
        check("crashed" in ds[0]["message"], "the crash is shown: %r" % ds)
        huri = s.c.open(os.path.join(tmp, "hangme.c"))
        t = time.time()
        ds = s.c.diagnostics(huri, lambda ds: len(ds) == 1, 60)
        check("more than 3 seconds" in ds[0]["message"] and
              time.time() - t < 30, "the hang is cut short: %r" % ds)
        # a new worker takes over: the first file is checked again
        s.c.change_full(uri, s.c.docs[uri][0] + "\n")
        s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 4, 60)
        check(s.c.shutdown_exit() == 0, "exit status")
    finally:
        s.c.kill()
        if sys.exc_info()[0]:
            print(s.tail())


def children(pid):
    out = []
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % p) as f:
                st = f.read()
        except OSError:
            continue
        comm = st[st.index("(") + 1:st.rindex(")")]
        ppid = int(st[st.rindex(")") + 2:].split()[1])
        if ppid == pid:
            out.append((int(p), comm))
    return out


def case_clangd_dies(oc, tmp):
    """clangd dies under --wrap: an error shown, our diagnostics go on."""
    if not shutil.which("clangd"):
        print("SKIP: no clangd")
        return SKIP
    src = os.path.join(tmp, "a.c")
    write(src, open(BAD_C).read())
    compile_db(tmp, ["a.c"])
    s = Session(tmp, [oc, "lsp", "--wrap", "clangd", "--log=error"])
    try:
        s.initialize(root=tmp)
        uri = s.c.open(src)
        s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 4, 60)
        kids = [p for p, comm in children(s.c.proc.pid)
                if comm.startswith("clangd")]
        check(kids, "clangd runs as our child")
        os.kill(kids[0], signal.SIGKILL)
        s.c.wait(lambda m: m.get("method") == "window/showMessage" and
                 "clangd" in m["params"]["message"], 30, "a message")
        s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 4, 30)
        m = s.c.response(s.c.request("textDocument/hover", {
            "textDocument": {"uri": uri},
            "position": {"line": 0, "character": 0}}))
        check("error" in m, "clangd's requests fail cleanly: %r" % m)
        fix = s.c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 13, "character": 1},
                      "end": {"line": 13, "character": 1}},
            "context": {"diagnostics": []}})
        check(len(fix) == 1, "our quick fixes still come: %r" % fix)
        s.c.change_full(uri, apply_edits(s.c.docs[uri][0],
                                         fix[0]["edit"]["changes"][uri]))
        s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 3, 60)
        check(s.c.shutdown_exit() == 0, "exit status")
    finally:
        s.c.kill()
        if sys.exc_info()[0]:
            print(s.tail())
    # a clangd that cannot even start
    s = Session(tmp, [oc, "lsp", "--wrap", "/nonexistent/clangd"],
                name="nostart")
    try:
        res = s.initialize(root=tmp)
        check(res["serverInfo"]["name"] == "ordercheck",
              "we answer initialize ourselves: %r" % res)
        uri = s.c.open(src)
        s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 4, 60)
        check(s.c.shutdown_exit() == 0, "exit status")
    finally:
        s.c.kill()
        if sys.exc_info()[0]:
            print(s.tail())


def case_editor_wrapper(oc, tmp):
    """integration/editors/ordercheck-clangd, as VS Code's clangd.path."""
    if not shutil.which("clangd"):
        print("SKIP: no clangd")
        return SKIP
    wrapper = os.path.join(ROOT, "integration", "editors", "ordercheck-clangd")
    env = dict(os.environ, ORDERCHECK=oc)
    # the extension asks for the version first: clangd answers
    out = subprocess.run([wrapper, "--version"], env=env,
                         capture_output=True, text=True, timeout=60)
    check(out.returncode == 0 and "clangd version" in out.stdout,
          "--version is clangd's: %r" % out.stdout)
    src = os.path.join(tmp, "a.c")
    write(src, open(BAD_C).read())
    compile_db(tmp, ["a.c"])
    s = Session(tmp, [wrapper, "--log=error"], env=env)
    try:
        res = s.initialize(root=tmp)
        check(res["serverInfo"]["name"] == "clangd" and
              "ordercheck.applyFix" in
              res["capabilities"]["executeCommandProvider"]["commands"],
              "clangd, with ordercheck merged in: %r" % res["serverInfo"])
        uri = s.c.open(src)
        s.c.diagnostics(uri, lambda ds: len(ours(ds)) == 4, 90)
        check(s.c.shutdown_exit() == 0, "exit status")
    finally:
        s.c.kill()
        if sys.exc_info()[0]:
            print(s.tail())

RECHECK_H = """#include <ordercheck/linux.h>
struct obj {
	atomic_t refs;
	int ready;
};
static inline void obj_get(struct obj *o)
{
	%s(&o->refs);
}
#define OBJ_BARRIER() smp_mb()
"""

RECHECK_C = """#include "h.h"
%s
void f1(struct obj *o)
{
	obj_get(o);
	OBJ_BARRIER();
	WRITE_ONCE(o->ready, 1);
}

void f2(struct obj *o)
{
	atomic_inc(&o->refs);
	smp_mb();
	WRITE_ONCE(o->ready, 2);
}
%s"""

F3 = """
void f3(struct obj *o)
{
	atomic_dec(&o->refs);
	smp_mb();
	WRITE_ONCE(o->ready, 3);
}
"""


def canon(ds):
    return sorted(json.dumps(d, sort_keys=True) for d in ds)


def fresh_diagnostics(oc, tmp, path, text, name):
    """What a server that never saw @path publishes for @text."""
    s = Session(tmp, [oc, "lsp", "--debounce", "0"], name=name)
    try:
        s.initialize()
        uri = s.c.open(path, text)
        return s.c.diagnostics(uri, lambda ds: True, 120)
    finally:
        s.c.shutdown_exit()


def recheck_matches_fresh(s, oc, tmp, src, uri, new_text, what, name):
    """Send @new_text as a change of @uri and check that the re-check
    publishes what a fresh server does for the same text."""
    s.c.change_full(uri, new_text)
    v = s.c.docs[uri][1]
    got = s.c.wait(lambda m: m.get("method") ==
                   "textDocument/publishDiagnostics" and
                   m["params"]["uri"] == uri and
                   m["params"].get("version") == v, 120,
                   "diagnostics of version %d" % v)
    got = got["params"]["diagnostics"]
    want = fresh_diagnostics(oc, tmp, src, new_text, name)
    check(canon(got) == canon(want),
          "%s: the re-check published\n%s\na fresh check\n%s" %
          (what, "\n".join(canon(got)), "\n".join(canon(want))))
    return got


def old_mtime(path, age):
    t = time.time() - age
    os.utime(path, (t, t))


def case_recheck(oc, tmp):
    """A re-check after an edit publishes what a fresh check of the same
    text does: an edit of the main file only (the worker re-parses with
    its preamble and reuses the header texts and include facts it kept),
    a header changed on disk and an #include added (they must not: the
    worker parses anew, its walk would show only what follows the
    preamble)."""
    proj = os.path.join(tmp, "proj")
    hdr, hdr2 = os.path.join(proj, "h.h"), os.path.join(proj, "h2.h")
    src = os.path.join(proj, "a.c")
    write(hdr, RECHECK_H % "atomic_inc")
    write(hdr2, "#define OBJ_BARRIER2() smp_mb()\n")
    # kept header texts are only those written seconds before
    old_mtime(hdr, 200)
    old_mtime(hdr2, 200)
    text = RECHECK_C % ("", "")
    write(src, text)
    compile_db(proj, ["a.c"])
    s = Session(tmp, [oc, "lsp", "--debounce", "50"])
    n = 0
    try:
        s.initialize()
        uri = s.c.open(src)

        def step(new_text, what):
            nonlocal n
            n += 1
            return recheck_matches_fresh(s, oc, tmp, src, uri, new_text,
                                         what, "fresh%d" % n)

        d0 = s.c.diagnostics(uri, lambda ds: True, 120)
        check(len(ours(d0)) >= 2, "findings to compare: %r" % d0)
        time.sleep(2)  # the worker builds the preamble meanwhile
        d1 = step(RECHECK_C % ("", F3), "an added function")
        check(len(ours(d1)) == len(ours(d0)) + 1, "f3's finding: %r" % d1)
        step(RECHECK_C % ("/* a comment */", F3), "a comment")
        # f1's finding comes from obj_get()'s body in the header
        write(hdr, RECHECK_H % "atomic_inc_return")
        old_mtime(hdr, 100)
        d3 = step(RECHECK_C % ("/* a comment */ ", F3), "a header edit")
        check(canon(d3) != canon(d1), "the header edit changed the "
              "findings: %r" % d3)
        step(RECHECK_C.replace('#include "h.h"',
                               '#include "h.h"\n#include "h2.h"') %
             ("", F3.replace("smp_mb()", "OBJ_BARRIER2()")),
             "an added #include")
        # the added function: a re-parse on the preamble; the edit
        # before the first function, the header and the #include: the
        # memo cannot stand for what a local view hides, parsed anew
        s.log.flush()
        with open(s.logpath) as f:
            log = f.read()
        reparsed = len(re.findall(r"\(re-parse \d+ ms", log))
        parsed = len(re.findall(r"\(parse \d+ ms", log))
        check(reparsed == 1 and parsed == 4,
              "re-parsed %d, parsed %d (want 1, 4)" % (reparsed, parsed))
    except (Fail, LspError) as e:
        raise Fail("%s\n--- server log ---\n%s" % (e, s.tail()))
    finally:
        s.c.shutdown_exit()


KEPT_H = """#include <ordercheck/linux.h>
struct obj {
	atomic_t refs;
	int ready;
	struct obj *next, *prev;
};
void obj_ext(struct obj *o);
void obj_main(struct obj *o);
static inline void obj_get(struct obj *o)
{
	atomic_inc(&o->refs);
}
static inline void obj_put(struct obj *o)
{
	atomic_dec(&o->refs);
}
static inline void obj_wrap_ext(struct obj *o)
{
	obj_ext(o);
}
static inline void obj_wrap_main(struct obj *o)
{
	obj_main(o);
}
static inline void obj_link(struct obj **slot, struct obj *o,
			    struct obj *next)
{
	o->next = next;
	rcu_assign_pointer(*slot, o);
	WRITE_ONCE(next->prev, o);
}
static inline void obj_user(struct obj *o)
{
	obj_get(o);
	obj_wrap_ext(o);
	obj_wrap_main(o);
	WRITE_ONCE(o->ready, 0);
}
"""

KEPT_C = """#include "h.h"
%(top)s
void obj_main(struct obj *o)
{
	%(main)s;
}

void f1(struct obj *o)
{
	obj_wrap_main(o);
	smp_mb();
	WRITE_ONCE(o->ready, 1);
}

void f2(struct obj *o)
{
	obj_wrap_ext(o);
	smp_mb();
	WRITE_ONCE(o->ready, 2);
}
%(tail)s"""

OBJ_EXT = """
void obj_ext(struct obj *o)
{
	atomic_dec(&o->refs);
}
"""

# obj_main() past the first function, writing a macro defined past it
F0_DEF = """
void f0(void)
{
}
#define OBJ_MAIN_OP(o) atomic_inc(&(o)->refs)
"""

F4 = """
void f5(struct obj **slot, struct obj *o, struct obj *n)
{
	obj_link(slot, o, n);
	o->ready = 1;
	o->prev = n;
}

void f4(struct obj *o)
{
	obj_put(o);
	smp_mb();
	WRITE_ONCE(o->ready, 4);
	obj_get(o);
	smp_mb();
	WRITE_ONCE(o->ready, 5);
}
"""


def memo_session(oc, tmp, template, parts, header=KEPT_H):
    """A server, not yet initialised, for a.c (@template % @parts) over
    @header, written long ago so that the worker keeps its text."""
    proj = os.path.join(tmp, "proj")
    hdr, src = os.path.join(proj, "h.h"), os.path.join(proj, "a.c")
    write(hdr, header)
    old_mtime(hdr, 200)
    write(src, template % parts)
    compile_db(proj, ["a.c"])
    return Session(tmp, [oc, "lsp", "--debounce", "50"]), src


def last_count(s, count_re):
    """The last count the server's log gives for @count_re, or -1."""
    s.log.flush()
    with open(s.logpath) as f:
        m = re.findall(count_re, f.read())
    return int(m[-1]) if m else -1


def memo_stepper(s, oc, tmp, src, uri, template, parts, kept_re, ok, say):
    """step(what, want, **change): change @parts, check that the re-check
    publishes what a fresh check does and that ok(the last count the log
    gives for @kept_re, want) holds; returns the diagnostics."""
    n = 0

    def step(what, want, **change):
        nonlocal n
        n += 1
        parts.update(change)
        got = recheck_matches_fresh(s, oc, tmp, src, uri, template % parts,
                                    what, "fresh%d" % n)
        k = last_count(s, kept_re)
        check(ok(k, want), say % (what, k, want))
        return got
    return step


def case_recheck_headers(oc, tmp):
    """A re-check builds only the main file's functions and takes the
    header functions built before them from the last check (the prefix
    memo, events/prefix.c); it must publish what a fresh check does
    whenever what they made would change: a header inline function
    calling one the main file defines, whose body the edit changes or
    which writes a macro the main file defines past its first function;
    one calling a function defined nowhere, which the edit then defines in
    the main file; a main function calling a header function the
    prefix built (its claims and summaries given back); an edit before
    the main file's first function."""
    parts = {"top": "", "main": "atomic_inc(&o->refs)", "tail": ""}
    s, src = memo_session(oc, tmp, KEPT_C, parts)
    try:
        s.initialize()
        uri = s.c.open(src)
        step = memo_stepper(s, oc, tmp, src, uri, KEPT_C, parts,
                            r"(\d+) header functions kept",
                            lambda k, want: k > 0 if want else k == 0,
                            "%s: %d header functions kept (want some: %r)")

        d0 = s.c.diagnostics(uri, lambda ds: True, 120)
        time.sleep(2)  # the worker builds the preamble meanwhile
        check(len(ours(d0)) >= 1, "f1's finding: %r" % d0)
        # obj_wrap_main()'s summary, made for obj_user(), reads obj_main()
        d1 = step("obj_main() changed", True, main="WRITE_ONCE(o->ready, 7)")
        check(len(ours(d1)) == len(ours(d0)) - 1, "f1's finding gone: %r"
              % d1)
        step("obj_main() back", True, main="atomic_inc(&o->refs)")
        # obj_wrap_ext()'s summary was made when obj_ext() had no body
        d3 = step("obj_ext() defined", False, tail=OBJ_EXT)
        check(len(ours(d3)) == len(ours(d0)) + 1, "f2's finding: %r" % d3)
        step("f4 calls what the prefix built", True, tail=OBJ_EXT + F4)
        step("a comment before obj_main()", False,
             top="/* before the first function */")
        step("blank lines at the end", True, tail=OBJ_EXT + F4 + "\n\n")
        step("obj_ext() gone again", True, tail=F4)
        # only the tainted build of obj_wrap_main() read the #define
        # past the prefix: it is made again at each re-check, the rest
        # is kept (kernel/fork.c's __mmdrop() and free_mm)
        step("a #define past the first function", False, top=F0_DEF,
             main="OBJ_MAIN_OP(o)")
        step("a blank line at the end", True, tail=F4 + "\n")
    except (Fail, LspError) as e:
        raise Fail("%s\n--- server log ---\n%s" % (e, s.tail()))
    finally:
        s.c.shutdown_exit()


MAIN_C = """#include "h.h"
#define OBJ_OP(o) atomic_inc(&(o)->refs)
static void late(struct obj *o);

void a1(struct obj *o)
{
	OBJ_OP(o);
	smp_mb();
	WRITE_ONCE(o->ready, 1);
}

void a2(struct obj *o)
{
	late(o);
	smp_mb();
	WRITE_ONCE(o->ready, 2);
}
%(mid)s
static void late(struct obj *o)
{
	%(late)s;
}

#define OBJ_LONG(o) \\
	%(long)s

void a3(struct obj *o)
{
	OBJ_LONG(o);
	smp_mb();
	WRITE_ONCE(o->ready, 3);
}
%(tail)s"""


def case_recheck_main(oc, tmp):
    """A re-check also keeps the main file's functions whose build read
    none of the bytes the edit changed (and, when it changed code
    outside every function or how the text after it is lexed, none
    after it), those after them moved
    (events/prefix.c, memo_edit.c); it must publish what a fresh check
    does: all kept after a line added between them; a2, which calls
    late(), built again when late() changes; none kept when the last
    line of a multi-line #define is edited (no '#' on it: the macro
    table finds a definition by name) or when a macro a1 uses is
    redefined after the edit; all kept after a comment is added (the
    include memo's key is the directives only)."""
    parts = {"mid": "", "long": "atomic_inc(&(o)->refs)",
             "late": "atomic_inc(&o->refs)", "tail": ""}
    s, src = memo_session(oc, tmp, MAIN_C, parts)
    try:
        s.initialize()
        uri = s.c.open(src)
        step = memo_stepper(s, oc, tmp, src, uri, MAIN_C, parts,
                            r"(\d+) of the main file's",
                            lambda k, want: k == want,
                            "%s: %d of the main file's functions kept, "
                            "want %d")

        d0 = s.c.diagnostics(uri, lambda ds: True, 120)
        time.sleep(2)  # the worker builds the preamble meanwhile
        check(len(ours(d0)) >= 3, "a1's, a2's and a3's findings: %r" % d0)
        # only a blank line added: all four kept, a3 and late() moved
        # down a line
        step("a line after a2", 4, mid="\n")
        # the walk showed what was parsed after the preamble: the
        # preamble's macros came from the memo, most of the table (a
        # walk of the whole record gives it only the builtins again)
        taken = last_count(s, r"(\d+) of \d+ macros")
        table = last_count(s, r"\d+ of (\d+) macros")
        check(taken * 2 > table, "macros from the memo: %d of %d"
              % (taken, table))
        # a2 read late(): both built again; a1 before, a3 after, kept
        d2 = step("late() changed", 2,
                  late="WRITE_ONCE(o->ready, 9)")
        check(len(ours(d2)) == len(ours(d0)) - 1, "a2's finding gone: %r"
              % d2)
        # one edit from a2's end to late()'s body: code outside a
        # function, so what follows is built again too; a1 kept
        step("late() back, the line gone", 1, mid="",
             late="atomic_inc(&o->refs)")
        # the last line of a multi-line #define: nothing after it kept
        d4 = step("the #define's last line", 0,
                  long="WRITE_ONCE((o)->ready, 4)")
        check(len(ours(d4)) == len(ours(d0)) - 1, "a3's finding gone: %r"
              % d4)
        step("OBJ_OP redefined at the end", 0,
             tail="#undef OBJ_OP\n#define OBJ_OP(o) WRITE_ONCE((o)->ready, 8)\n")
        step("all as it was", 0, mid="", tail="",
             long="atomic_inc(&(o)->refs)")
        # a comment changes no directive: the memo stays, all kept
        step("a comment between a2 and late()", 4,
             mid="/* a comment\n   over two lines */")
        # code outside the functions (a global, a type) may change how
        # those after it read: a1 kept; a2 calls late(), after the edit
        step("a global between a2 and late()", 1, mid="int added;")
        # a comment that closes another early: what follows is code now
        step("a comment opened and closed", 1,
             mid="/* one /* two */ int more; /* three */")
    except (Fail, LspError) as e:
        raise Fail("%s\n--- server log ---\n%s" % (e, s.tail()))
    finally:
        s.c.shutdown_exit()


# a header function a macro writes, which calls into the main file;
# its name is pasted, as TRACE_EVENT()'s trace_##name: written nowhere
MADE_H = KEPT_H + """#define OBJ_DECLARE_WRAP(name, fence) \\
extern int obj_##name##_count; \\
static inline void obj_##name(struct obj *o) { obj_main(o); fence(); }
#define OBJ_MAKE_WRAP(name, fence) OBJ_DECLARE_WRAP(name, fence)
OBJ_MAKE_WRAP(wrap_made, smp_mb)
"""


def case_recheck_whole(oc, tmp):
    """A header function that calls into the main file is kept while the
    main file's text it read is as it was, and built again when not. On
    a walk that shows only what follows the preamble the worker finds it
    where the memo saw it; one a macro writes is
    not found there when its name is pasted (clang_getCursor() gives
    the expansion), and the
    file's re-checks then walk the whole TU: once said in the log, they
    still publish what a fresh check does and keep what they can."""
    parts = {"top": "", "main": "atomic_inc(&o->refs)",
             "tail": "\nvoid f6(struct obj *o)\n{\n\tobj_wrap_made(o);"
                     "\n\tWRITE_ONCE(o->ready, 6);\n}\n%(more)s"}
    template = KEPT_C.replace("%(tail)s", parts.pop("tail"))
    parts["more"] = ""
    s, src = memo_session(oc, tmp, template, parts, MADE_H)
    try:
        s.initialize()
        uri = s.c.open(src)
        step = memo_stepper(s, oc, tmp, src, uri, template, parts,
                            r"(\d+) header functions kept",
                            lambda k, want: want is None or (k > 0) == want,
                            "%s: %d header functions kept (want some: %r)")
        s.c.diagnostics(uri, lambda ds: True, 120)
        time.sleep(2)  # the worker builds the preamble meanwhile
        # the first re-parse may still show the preamble's declarations;
        # obj_wrap_made() is kept while obj_main() is as it was
        step("a line at the end", None, more="int one;")
        step("another line at the end", True, more="int one;\nint two;")
        step("obj_main() changed", None, main="WRITE_ONCE(o->ready, 7)")
        s.log.flush()
        with open(s.logpath) as f:
            said = "re-checks walk the whole TU" in f.read()
        check(said, "the log says the re-checks walk the whole TU")
        step("a third line", True, more="int one;\nint two;\nint three;")
        step("obj_main() back", True, main="atomic_inc(&o->refs)")
    except (Fail, LspError) as e:
        raise Fail("%s\n--- server log ---\n%s" % (e, s.tail()))
    finally:
        s.c.shutdown_exit()


def main():
    oc, case = os.path.abspath(sys.argv[1]), sys.argv[2]
    fn = globals().get("case_" + case.replace("-", "_"))
    if not fn:
        print("no such case: " + case)
        return 2
    tmp = tempfile.mkdtemp(prefix="ordercheck-lsp-")
    try:
        rc = fn(oc, tmp)
        if rc == SKIP:
            return SKIP
        print("PASS: " + case)
        return 0
    except (Fail, LspError) as e:
        print("FAIL: %s: %s" % (case, e))
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
