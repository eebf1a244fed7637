#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Re-check latency of `ordercheck lsp` after an edit of a large real file.

    latency.py [--ordercheck BIN] [--clangd BIN] [--edits N]
               [--servers clangd,ordercheck,wrapped | --wrap] [FILE]

FILE defaults to kernel/sched/core.c of /work/linux-6.1 (prepared by
bench/prepare-linux.sh: it has a compile_commands.json, found from the
file's parent directories). The script opens the file, times didOpen ->
first publishDiagnostics (a parse that also builds the preamble), then
waits --settle seconds (the worker builds the preamble then) and
makes N one-character edits in the middle of the file (a space added at
the end of one line each time, as typing there would: the preamble stays
valid, and the text never comes back to what the server first checked,
whose functions it may keep) and
times didChange -> publishDiagnostics for that version. The figures
include the server's debounce (its default, clangd's adaptive policy:
the median of the file's last re-check times within 50 and 500 ms; or
--debounce MS); the
server's own log gives the check alone, also printed. In the same
sitting, one server after the other, it measures clangd alone (the
reference: its didChange -> publishDiagnostics on the same edits),
`ordercheck lsp`, and `ordercheck lsp --wrap clangd`.
"""
import argparse
import os
import re
import statistics
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Client, capabilities, uri_of  # noqa

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


SERVERS = ("clangd", "ordercheck", "wrapped")


def measure(a, kind, path):
    """Open @path in one server, then a.edits one-character edits: the
    first check's time, the re-checks' times, and the worker's own log."""
    clangd = [a.clangd, "--log=error", "--background-index=0"]
    if kind == "clangd":
        argv = clangd
    else:
        argv = [a.ordercheck, "lsp"]
        if a.debounce != "auto":
            argv += ["--debounce", a.debounce]
        if kind == "wrapped":
            argv += ["--wrap"] + clangd
    log = tempfile.NamedTemporaryFile("w+", prefix="oc-lsp-latency-",
                                      suffix=".log")
    c = Client(argv, cwd=os.path.dirname(path), log=log)
    c.call("initialize", {"processId": os.getpid(), "rootUri": None,
                          "capabilities": capabilities()})
    c.notify("initialized", {})

    def ours(ds):
        if kind == "clangd":
            return ds
        return [d for d in ds if d.get("source") == "ordercheck"]

    def checked(n):
        """The server's log says it finished its nth check."""
        if kind == "clangd":
            return True
        log.flush()
        with open(log.name) as f:
            return len(re.findall(r"checked in \d+ ms", f.read())) >= n

    def published(n, version):
        # under --wrap clangd publishes too: wait for the one after our
        # check (the log line is written before the message is sent)
        return c.wait(lambda m: m.get("method") ==
                      "textDocument/publishDiagnostics" and
                      m["params"]["uri"] == uri and
                      m["params"].get("version") == version and checked(n),
                      600, "diagnostics of version %d" % version)

    t0 = time.monotonic()
    uri = c.open(path)
    msg = published(1, 1)
    first = time.monotonic() - t0
    n = len(ours(msg["params"]["diagnostics"]))
    end = time.monotonic() + a.settle
    while time.monotonic() < end:
        c.next(end - time.monotonic())
    text = c.docs[uri][0]
    lines = text.split("\n")
    mid = len(lines) // 2
    times = []
    for i in range(a.edits):
        lines[mid] += " "
        t0 = time.monotonic()
        c.change_full(uri, "\n".join(lines))
        msg = published(i + 2, c.docs[uri][1])
        times.append(time.monotonic() - t0)
        got = len(ours(msg["params"]["diagnostics"]))
        if got != n:
            print("warning: %s: %d diagnostics after edit %d, %d before" %
                  (kind, got, i + 1, n))
    c.shutdown_exit()
    log.flush()
    with open(log.name) as f:
        checks = [(k, int(total), int(parse), int(analysis),
                   int(cpu) if cpu else -1)
                  for total, k, parse, analysis, cpu in re.findall(
                      r"checked in (\d+) ms \(([a-z-]+) (\d+) ms, "
                      r"analysis (\d+) ms\)[^;\n]*(?:; (\d+) ms of CPU)?",
                      f.read())]
    return {"argv": argv, "first": first, "times": times, "checks": checks,
            "diags": n, "lines": len(lines), "bytes": len(text)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ordercheck",
                    default=os.path.join(ROOT, "build", "ordercheck"))
    ap.add_argument("--clangd", default="clangd")
    ap.add_argument("--edits", type=int, default=7)
    ap.add_argument("--debounce", default="auto",
                    help="ms, or auto: the server's default (adaptive)")
    ap.add_argument("--settle", type=float, default=8,
                    help="seconds to wait after the first check: the "
                    "worker builds the preamble meanwhile, as it would "
                    "while a user reads the diagnostics")
    ap.add_argument("--wrap", action="store_true",
                    help="only through `lsp --wrap clangd`")
    ap.add_argument("--servers", default=None,
                    help="comma-separated, in this order: clangd (alone), "
                    "ordercheck, wrapped (default: all three, one after "
                    "the other in this sitting)")
    ap.add_argument("file", nargs="?",
                    default="/work/linux-6.1/kernel/sched/core.c")
    a = ap.parse_args()
    path = os.path.abspath(a.file)
    a.ordercheck = os.path.abspath(a.ordercheck)
    kinds = ["wrapped"] if a.wrap else (a.servers or ",".join(SERVERS)).split(",")
    for k in kinds:
        if k not in SERVERS:
            ap.error("unknown server %s (%s)" % (k, ", ".join(SERVERS)))
    res = {k: measure(a, k, path) for k in kinds}
    r0 = next(iter(res.values()))
    print("file: %s (%d lines, %d bytes); %d edits of one character; "
          "ordercheck's debounce (%s) included in its times" %
          (path, r0["lines"], r0["bytes"], a.edits, a.debounce))
    base = res.get("clangd")
    for k, r in res.items():
        med = statistics.median(r["times"])
        ratio = " = %.2fx clangd" % (med / statistics.median(base["times"])) \
            if base and k != "clangd" else ""
        print("%-10s first check %.2f s; re-check (didChange -> "
              "publishDiagnostics) median %.0f ms (min %.0f, max %.0f)%s; "
              "%d diagnostics; %s" %
              (k, r["first"], 1000 * med, 1000 * min(r["times"]),
               1000 * max(r["times"]), ratio, r["diags"], " ".join(r["argv"][1:])))
        re_checks = [c for c in r["checks"] if c[0] == "re-parse"]
        if r["checks"]:
            print("%-10s   worker log: first check %d ms = parse %d + "
                  "analysis %d; %d ms of CPU" % (("",) + r["checks"][0][1:]))
        if re_checks:
            print("%-10s   worker log: re-checks median %.0f ms = re-parse "
                  "%.0f + analysis %.0f; %.0f ms of CPU" %
                  (("",) + tuple(statistics.median(c[i] for c in re_checks)
                                 for i in (1, 2, 3, 4))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
