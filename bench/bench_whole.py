#!/usr/bin/env python3
"""The whole kernel in one sitting: clang -fsyntax-only over every TU of the
compile database, then ordercheck cold (empty store), with nothing changed,
after a one-line edit in a widely included header, and after a one-line edit
in one .c file (each with the tree pass, pairing, included).

Driven by bench-whole.sh, which documents the environment variables. Python 3
standard library only. The edits are undone on exit, also on SIGTERM.
"""
import concurrent.futures
import json
import os
import re
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_kernel import measure, syntax_flags  # noqa: E402


def env(name, default):
    v = os.environ.get(name, "")
    return v if v != "" else default


def log(msg):
    print(f"[bench-whole {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def load_db(path, limit):
    with open(path) as f:
        db = json.load(f)
    db.sort(key=lambda e: e["file"])
    if limit != "all":
        db = db[: int(limit)]
    out = []
    for e in db:
        d = e["directory"]
        f = os.path.normpath(os.path.join(d, e["file"]))
        argv = e["arguments"] if "arguments" in e else shlex.split(e["command"])
        out.append({"dir": d, "file": f, "argv": argv, "raw": e})
    return out


def clang_all(entries, clang, jobs, logf):
    """clang -fsyntax-only on every entry, JOBS at a time: wall of the whole
    phase, and each process's peak RSS."""
    def one(e):
        return measure([clang] + syntax_flags(e) + ["-fsyntax-only", e["file"]],
                       e["dir"], 600, logf)
    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(one, entries))
    wall = time.monotonic() - t0
    bad = sum(1 for r in res if r["rc"] != 0)
    return {"wall": wall, "cpu": sum(r["cpu"] for r in res),
            "rss_med_mb": statistics.median(r["rss_kb"] for r in res) / 1024,
            "rss_max_mb": max(r["rss_kb"] for r in res) / 1024,
            "failed": bad, "files": len(res)}


STAT = re.compile(r"ordercheck: stats: (\w+)\s+([\d.]+) s\s+maxrss (\d+) KiB\s+(.*)")


def ordercheck(oc, dbdir, store, jobs, logf, tag):
    """One ordercheck run over the database; its phases from --stats."""
    out = os.path.join(os.path.dirname(store), f"report-{tag}.json")
    argv = [oc, "-p", dbdir, "--facts", store, "-j", str(jobs), "--stats",
            "--format", "json", "-o", out]
    r = measure(argv, dbdir, 7200, logf)
    logf.flush()
    # measure() logged the output; read the stats lines back from it
    with open(logf.name) as f:
        text = f.read()
    tail = text[text.rfind("$ (cd "):]
    phases = {m.group(1): {"s": float(m.group(2)), "maxrss_kb": int(m.group(3)),
                           "what": m.group(4)}
              for m in STAT.finditer(tail)}
    worker = re.search(r"largest worker maxrss (\d+) KiB", tail)
    findings = None
    try:
        with open(out) as f:
            rep = json.load(f)
        findings = len(rep.get("diagnostics", rep) if isinstance(rep, dict) else rep)
    except (OSError, ValueError):
        pass
    return {"wall": r["wall"], "cpu": r["cpu"], "rc": r["rc"],
            "rss_max_mb": r["rss_kb"] / 1024,
            "worker_rss_mb": int(worker.group(1)) / 1024 if worker else float("nan"),
            "store_mb": os.path.getsize(store) / 2**20 if os.path.exists(store) else 0,
            "phases": phases, "findings": findings}


class Edit:
    """A one-line edit at line 2 (so that every line after it moves: the
    facts change, and pairing runs again), undone by restore()."""
    def __init__(self, path, line):
        self.path, self.line, self.orig = path, line, None

    def apply(self):
        with open(self.path, "rb") as f:
            self.orig = f.read()
        first, _, rest = self.orig.partition(b"\n")
        with open(self.path, "wb") as f:
            f.write(first + b"\n" + self.line.encode() + b"\n" + rest)

    def restore(self):
        if self.orig is not None:
            with open(self.path, "wb") as f:
                f.write(self.orig)
            self.orig = None


def includers(entries, header):
    """How many TUs include @header (from kbuild's .cmd dependency files)."""
    n = 0
    for e in entries:
        base = os.path.splitext(e["file"])[0] + ".o"
        cmd = os.path.join(os.path.dirname(base), "." + os.path.basename(base) + ".cmd")
        try:
            with open(cmd) as f:
                n += header in f.read().split()
        except OSError:
            pass
    return n


def worker_mb(r):
    """The largest worker's peak (clang: the median process's), or "-"
    when no file was parsed."""
    v = r.get("worker_rss_mb", r.get("rss_med_mb"))
    return "-" if not v or v != v else f"{v:.0f}"


def main():
    linux = env("LINUX", env("ORDERCHECK_LINUX", "/work/linux-6.1"))
    compdb = env("COMPDB", os.path.join(linux, "compile_commands.json"))
    oc = env("ORDERCHECK", os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), "build", "ordercheck"))
    clang = env("CLANG", "clang")
    jobs = int(env("JOBS", "2"))
    limit = env("N", "all")
    header = env("HEADER", "include/linux/kthread.h")
    cfile = env("CFILE", "kernel/sched/core.c")
    work = env("WORK", tempfile.mkdtemp(prefix="bench-whole-"))
    tools = env("TOOLS", "clang ordercheck").split()
    os.makedirs(work, exist_ok=True)
    if os.path.exists(os.path.join(work, "results.json")):
        os.unlink(os.path.join(work, "results.json"))
    entries = load_db(compdb, limit)
    # the database ordercheck reads: the same entries, in a directory of ours
    dbdir = os.path.join(work, "db")
    os.makedirs(dbdir, exist_ok=True)
    with open(os.path.join(dbdir, "compile_commands.json"), "w") as f:
        json.dump([e["raw"] for e in entries], f)
    store = os.path.join(work, "facts.sqlite")
    logf = open(os.path.join(work, "bench.log"), "w")
    edits = [Edit(os.path.join(linux, header), "/* ordercheck bench: a one-line edit */"),
             Edit(os.path.join(linux, cfile), "/* ordercheck bench: a one-line edit */")]

    def undo(*_):
        for e in edits:
            e.restore()
        sys.exit(1)
    signal.signal(signal.SIGTERM, undo)

    cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"],
                         capture_output=True, text=True).stdout.strip()
    log(f"{len(entries)} TUs from {compdb}; -j{jobs}; CPU: {cpu} x {os.cpu_count()}; "
        f"load {os.getloadavg()[0]:.2f}; work in {work}")
    rows = {}
    if "clang" in tools:
        log("clang -fsyntax-only over every TU")
        rows["clang"] = clang_all(entries, clang, jobs, logf)
        log(f"  {rows['clang']['wall']:.1f} s")
    if "ordercheck" in tools:
        # RUNS without "cold" goes on from the store WORK already holds
        runs = env("RUNS", "cold unchanged header c-file").split()
        if "cold" in runs and os.path.exists(store):
            os.unlink(store)
        for tag in [r for r in ("cold", "unchanged") if r in runs]:
            log(f"ordercheck {tag}")
            rows[tag] = ordercheck(oc, dbdir, store, jobs, logf, tag)
            log(f"  {rows[tag]['wall']:.1f} s")
        try:
            for tag, e in [x for x in (("header", edits[0]), ("c-file", edits[1]))
                           if x[0] in runs]:
                log(f"ordercheck after a one-line edit of {os.path.relpath(e.path, linux)}")
                e.apply()
                rows[tag] = ordercheck(oc, dbdir, store, jobs, logf, tag)
                e.restore()
                log(f"  {rows[tag]['wall']:.1f} s")
                # the edit undone is a change too: check it back in before
                # the next edit, so that each row measures its own edit
                log("ordercheck after the edit is undone")
                rows[tag + "-undone"] = ordercheck(oc, dbdir, store, jobs, logf,
                                                   tag + "-undone")
                log(f"  {rows[tag + '-undone']['wall']:.1f} s")
        finally:
            for e in edits:
                e.restore()
    base = rows.get("clang", {}).get("wall")
    nh = includers(entries, header)
    print()
    print(f"Linux whole tree: {len(entries)} TUs, -j{jobs}, {cpu} x {os.cpu_count()}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load {os.getloadavg()[0]:.2f} at the end")
    print(f"{'run':<44} {'wall s':>8} {'x clang':>8} {'cpu s':>9} {'peak MB':>8} "
          f"{'worker MB':>9} {'store MB':>8} {'parsed':>7} {'parse cpu':>9} {'rest cpu':>8} "
          f"{'pairing s':>9} {'findings':>8}")
    names = {"clang": "clang -fsyntax-only", "cold": "ordercheck cold",
             "unchanged": "ordercheck unchanged",
             "header": f"edit {header} ({nh} TUs)", "c-file": f"edit {cfile}",
             "header-undone": "  and undone", "c-file-undone": "  and undone"}
    for k, r in rows.items():
        ratio = r["wall"] / base if base else float("nan")
        ph = r.get("phases", {})
        parsed = ph.get("check", {}).get("what", "").split(" ")[0]
        pairing = ph.get("pairing", {}).get("s", float("nan"))
        # the workers' CPU: libclang's parse, and our analysis with the rest
        split = re.search(r"CPU: parsing ([\d.]+) s, analysis ([\d.]+) s",
                          ph.get("check", {}).get("what", ""))
        pcpu, rcpu = (float(split.group(1)), float(split.group(2))) if split \
            else (float("nan"), float("nan"))
        print(f"{names[k]:<44} {r['wall']:>8.1f} {ratio:>8.2f} {r['cpu']:>9.1f} "
              f"{r['rss_max_mb']:>8.0f} {worker_mb(r):>9} "
              f"{r.get('store_mb', 0):>8.1f} {parsed:>7} {pcpu:>9.1f} {rcpu:>8.1f} "
              f"{pairing:>9.2f} "
              f"{'' if r.get('findings') is None else r['findings']:>8}")
    with open(os.path.join(work, "results.json"), "w") as f:
        json.dump({"entries": len(entries), "jobs": jobs, "cpu": cpu,
                   "header": header, "header_tus": nh, "cfile": cfile, "rows": rows}, f, indent=1)
    print(f"\n(clang's 'worker MB' is the median peak of one clang process; "
          f"details in {work}/results.json and bench.log)")
    bad = [k for k, r in rows.items() if r.get("failed") or r.get("rc") not in (0, 1, None)]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
