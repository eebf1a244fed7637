#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Findings that quote bytes which are not UTF-8, in every output format.

    non_utf8.py ORDERCHECK

A Latin-1 source: a string literal "caf\\xe9" that store-then-mb quotes in
its message and fix, a comment inside that statement, and a suppression
comment with a byte that is never UTF-8 (\\xff), whose unknown rule the
ordercheck-ignore finding quotes. The JSON formats (json, sarif,
codeclimate, the LSP's publishDiagnostics) must be valid UTF-8 with U+FFFD
for each such byte (json/jsonio.h); the text format keeps the source's own
bytes, as a compiler's messages do. Exit 0 when all hold, 1 with a reason.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lsp"))
from lspclient import Client, LspError, capabilities, uri_of  # noqa

SOURCE = (b"#include <ordercheck/linux.h>\n"
          b"/* a Latin-1 comment: caf\xe9; a byte never UTF-8: \xff */\n"
          b"const char *name;\n"
          b"atomic_t users;\n"
          b"\n"
          b"void set_name(void)\n"
          b"{\n"
          b"\tWRITE_ONCE(name, /* d\xe9j\xe0 vu */ \"caf\xe9\");\n"
          b"\tsmp_mb();\n"
          b"}\n"
          b"\n"
          b"void get_user(void)\n"
          b"{\n"
          b"\tatomic_inc(&users);\n"
          b"\tsmp_mb(); // ordercheck-ignore[caf\xe9-rule]: na\xefve \xff\n"
          b"}\n")
RULES = {"store-then-mb", "mb-after-atomic", "ordercheck-ignore"}
FFFD = "\ufffd"


class Fail(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Fail(what)


def strict_json(data, what):
    """The bytes as JSON text: UTF-8 without a single bad byte."""
    try:
        return json.loads(data.decode("utf-8", errors="strict"))
    except ValueError as e:  # UnicodeDecodeError is one
        raise Fail("%s is not valid UTF-8 JSON: %s: %r" %
                   (what, e, data[:300]))


def quotes(messages, what):
    """Each finding's message as it must read with U+FFFD for the bytes."""
    store = [m for r, m in messages if r == "store-then-mb"]
    ignore = [m for r, m in messages if r == "ordercheck-ignore"]
    check({r for r, _ in messages} >= RULES,
          "%s: findings %r" % (what, messages))
    check(store and ("\"caf%s\"" % FFFD) in store[0] and
          ("d%sj%s vu" % (FFFD, FFFD)) in store[0],
          "%s: store-then-mb quotes the literal: %r" % (what, store))
    check(ignore and ("'caf%s-rule'" % FFFD) in ignore[0],
          "%s: the unknown rule is quoted: %r" % (what, ignore))


def run(oc, fmt):
    p = subprocess.run([oc, "--format=" + fmt, "latin1.c"],
                       capture_output=True, timeout=120)
    check(p.returncode == 1, "--format=%s: exit %d, stderr %r" %
          (fmt, p.returncode, p.stderr[:500]))
    return p.stdout


def formats(oc):
    out = run(oc, "text")
    # the text format is the source's bytes, as clang's messages are
    check(b"smp_store_mb(name, /* d\xe9j\xe0 vu */ \"caf\xe9\")" in out and
          b"'caf\xe9-rule'" in out, "text keeps the bytes: %r" % out)

    doc = strict_json(run(oc, "json"), "--format=json")
    quotes([(d["rule"], d["message"]) for d in doc["diagnostics"]], "json")
    fix = [d for d in doc["diagnostics"] if d["rule"] == "store-then-mb"]
    check(fix and ("\"caf%s\"" % FFFD) in fix[0]["fixes"][0]["replacement"],
          "json: the fix's replacement: %r" % fix)

    log = strict_json(run(oc, "sarif"), "--format=sarif")
    res = log["runs"][0]["results"]
    quotes([(r["ruleId"], r["message"]["text"]) for r in res], "sarif")

    issues = strict_json(run(oc, "codeclimate"), "--format=codeclimate")
    quotes([(i["check_name"], i["description"]) for i in issues],
           "codeclimate")


def raw_string(data):
    """The body of a JSON string holding @data's bytes as they are."""
    out = bytearray()
    for b in data:
        if b in b'"\\':
            out += b"\\" + bytes([b])
        elif b < 0x20:
            out += b"\\u%04x" % b
        else:
            out.append(b)
    return bytes(out)


def lsp(oc, tmp):
    """The buffer as a client in a legacy encoding sends it: raw bytes."""
    log = open(os.path.join(tmp, "lsp.log"), "w")
    c = Client([oc, "lsp"], cwd=tmp, log=log)
    try:
        c.call("initialize", {"processId": os.getpid(),
                              "rootUri": uri_of(tmp),
                              "capabilities": capabilities()})
        c.notify("initialized", {})
        uri = uri_of(os.path.join(tmp, "latin1.c"))
        body = json.dumps({"jsonrpc": "2.0",
                           "method": "textDocument/didOpen",
                           "params": {"textDocument": {
                               "uri": uri, "languageId": "c",
                               "version": 1, "text": "@TEXT@"}}}).encode()
        body = body.replace(b"@TEXT@", raw_string(SOURCE))
        c.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        ds = c.diagnostics(uri, lambda ds: {d.get("code") for d in ds} >=
                           RULES, 90)
        quotes([(d.get("code"), d["message"]) for d in ds], "lsp")
        check(c.shutdown_exit() == 0, "lsp: exit status")
        # every message the server wrote decoded as strict UTF-8 JSON
        bad = [m for m in c.seen if "__bad__" in m or "error" in m]
        check(not bad, "lsp: messages that were not valid (or errors): %r" %
              bad)
    finally:
        c.kill()
        log.close()
        if sys.exc_info()[0]:
            print(open(os.path.join(tmp, "lsp.log")).read()[-3000:])


def main():
    oc = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="ordercheck-utf8-")
    try:
        with open(os.path.join(tmp, "latin1.c"), "wb") as f:
            f.write(SOURCE)
        os.chdir(tmp)
        formats(oc)
        lsp(oc, tmp)
    except (Fail, LspError) as e:
        print("FAIL: non-utf8: %s" % e)
        return 1
    finally:
        os.chdir("/")
        shutil.rmtree(tmp, ignore_errors=True)
    print("ok: non-utf8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
