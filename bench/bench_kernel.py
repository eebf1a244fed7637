#!/usr/bin/env python3
"""Time clang -fsyntax-only, ordercheck, sparse and spatch on the same kernel TUs.

Driven by bench-kernel.sh, which documents the environment variables. Python 3
standard library only. Every tool runs once per file under /usr/bin/time -v,
files in sorted order, the tools interleaved per file (clang, ordercheck,
sparse, spatch for file 1, then file 2, ...), so that a slow drift in machine
load hits every tool alike. Wall time is measured here with a monotonic clock
around the child; user+sys CPU and peak RSS come from /usr/bin/time -v.
"""
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TIME_BIN = "/usr/bin/time"

# Flags kbuild gives sparse in 6.1: top-level Makefile CHECKFLAGS,
# --arch=$(ARCH) (ARCH=x86), endianness, word size, and arch/x86/Makefile's
# -D__x86_64__. Then kbuild appends $(c_flags), i.e. the full compile flags.
SPARSE_CHECKFLAGS = ("-D__linux__ -Dlinux -D__STDC__ -Dunix -D__unix__ "
                     "-Wbitwise -Wno-return-void -Wno-unknown-attribute "
                     "--arch=x86 -mlittle-endian -m64 -D__x86_64__")



def failed(tool, rc):
    """ordercheck exits 1 when it has findings, which is success here."""
    return rc >= 2 if tool.startswith("ordercheck") else rc != 0

def env(name, default):
    v = os.environ.get(name, "")
    return v if v != "" else default


def log(msg):
    print(f"[bench-kernel {time.strftime('%H:%M:%S')}] {msg}", flush=True)


# --------------------------------------------------------------------------
# compile database

def load_entries(compdb, subdir, n):
    with open(compdb) as f:
        db = json.load(f)
    out = []
    for e in db:
        d = e["directory"]
        f = e["file"] if os.path.isabs(e["file"]) else os.path.join(d, e["file"])
        f = os.path.normpath(f)
        rel = os.path.relpath(f, d)
        if not (rel.startswith(subdir.rstrip("/") + "/")):
            continue
        argv = e["arguments"] if "arguments" in e else shlex.split(e["command"])
        out.append({"dir": d, "file": f, "rel": rel, "argv": argv})
    out.sort(key=lambda e: e["rel"])
    total = len(out)
    if n != "all":
        out = out[: int(n)]
    return out, total


def syntax_flags(entry):
    """Compile flags minus compiler, source file, -c, -o X and dependency flags."""
    argv, d, src = entry["argv"], entry["dir"], entry["file"]
    flags, i = [], 1
    while i < len(argv):
        a = argv[i]
        if a in ("-c", "-MD", "-MMD", "-MP", "-M", "-MM"):
            i += 1
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            i += 2
            continue
        if (a.startswith("-Wp,-MD") or a.startswith("-Wp,-MMD")
                or (a.startswith("-o") and len(a) > 2)
                or (a.startswith("-MF") and len(a) > 3)):
            i += 1
            continue
        if not a.startswith("-") and os.path.normpath(os.path.join(d, a)) == src:
            i += 1
            continue
        flags.append(a)
        i += 1
    return flags


# --------------------------------------------------------------------------
# running one measurement

TIME_RE = {
    "user": re.compile(r"User time \(seconds\): ([\d.]+)"),
    "sys": re.compile(r"System time \(seconds\): ([\d.]+)"),
    "rss": re.compile(r"Maximum resident set size \(kbytes\): (\d+)"),
    "status": re.compile(r"Exit status: (\d+)"),
    "signal": re.compile(r"Command terminated by signal (\d+)"),
}


def measure(argv, cwd, timeout, logf):
    """Run argv under /usr/bin/time -v; return dict(wall, cpu, rss_kb, rc)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        cmd = [TIME_BIN, "-v", "-o", tf.name] + argv
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=timeout)
            out, rc = p.stdout, p.returncode
        except subprocess.TimeoutExpired as ex:
            out, rc = (ex.stdout or b""), -1
        wall = time.monotonic() - t0
        txt = tf.read()
    m = {k: r.search(txt) for k, r in TIME_RE.items()}
    res = {
        "wall": wall,
        "cpu": (float(m["user"].group(1)) if m["user"] else float("nan"))
               + (float(m["sys"].group(1)) if m["sys"] else float("nan")),
        "rss_kb": int(m["rss"].group(1)) if m["rss"] else 0,
        "rc": rc if rc != -1 else "timeout",
        "out_lines": out.count(b"\n"),
    }
    if m["signal"]:
        res["rc"] = "sig" + m["signal"].group(1)
    logf.write(f"$ (cd {cwd} && {shlex.join(argv)})\n")
    logf.write(out.decode("utf-8", "replace"))
    logf.write(f"# rc={res['rc']} wall={wall:.3f}s cpu={res['cpu']:.3f}s "
               f"rss={res['rss_kb']}KB\n\n")
    return res


# --------------------------------------------------------------------------
# tools

def build_tools(cfg):
    """Return list of (name, argv_builder or None, skip_reason)."""
    tools = []
    want = cfg["tools"]

    if "clang" in want:
        clang = shutil.which(cfg["clang"])
        tools.append(("clang -fsyntax-only",
                      (lambda e, fl, c=clang: [c] + fl + ["-fsyntax-only", e["file"]])
                      if clang else None,
                      None if clang else f"'{cfg['clang']}' not found"))

    if "ordercheck" in want:
        oc = cfg["ordercheck"]
        ok = os.path.isfile(oc) and os.access(oc, os.X_OK)
        tools.append(("ordercheck",
                      (lambda e, fl: [oc, e["file"], "--"] + fl) if ok else None,
                      None if ok else f"binary {oc} does not exist yet "
                      "(build it, or set ORDERCHECK=/path/to/ordercheck)"))

    if "sparse" in want:
        sp = shutil.which(cfg["sparse"])
        pre = shlex.split(cfg["sparse_flags"])
        drop = cfg["sparse_drop"]

        def sparse_argv(e, fl, sp=sp, pre=pre, drop=drop):
            kept = [a for a in fl if not any(a.startswith(p) for p in drop)]
            return [sp] + pre + kept + [e["file"]]
        tools.append(("sparse", sparse_argv if sp else None,
                      None if sp else f"'{cfg['sparse']}' not found (apt-get install sparse)"))

    if "spatch" in want:
        sc = shutil.which(cfg["spatch"])
        cocci = cfg["cocci"]
        ok = sc and os.path.isfile(cocci)
        tools.append(("spatch",
                      (lambda e, fl: [sc, "-D", "report", "--very-quiet",
                                      "--no-includes", "--no-show-diff",
                                      "--jobs", "1", "--sp-file", cocci,
                                      e["file"]]) if ok else None,
                      None if ok else (f"'{cfg['spatch']}' not found (apt-get install coccinelle)"
                                       if not sc else f"{cocci} not found")))
    return tools


# --------------------------------------------------------------------------
# statistics and output

def med(xs):
    xs = [x for x in xs if x == x]
    return statistics.median(xs) if xs else float("nan")


def fnum(x, fmt="{:.2f}"):
    return "-" if x != x else fmt.format(x)


def summarize(name, rows, base_rows):
    walls = [r["wall"] for r in rows]
    cpus = [r["cpu"] for r in rows]
    rss = [r["rss_kb"] for r in rows]
    s = {
        "tool": name,
        "files": len(rows),
        "failed": sum(1 for r in rows if failed(name, r["rc"])),
        "total_wall_s": sum(walls),
        "total_cpu_s": sum(cpus),
        "median_wall_s": med(walls),
        "median_cpu_s": med(cpus),
        "median_rss_mb": med(rss) / 1024,
        "max_rss_mb": max(rss) / 1024 if rss else float("nan"),
    }
    if base_rows:
        bw = sum(r["wall"] for r in base_rows)
        bc = sum(r["cpu"] for r in base_rows)
        s["ratio_total_wall"] = s["total_wall_s"] / bw if bw else float("nan")
        s["ratio_total_cpu"] = s["total_cpu_s"] / bc if bc else float("nan")
        s["ratio_median_wall"] = med([r["wall"] / b["wall"] for r, b in zip(rows, base_rows)
                                      if b["wall"] > 0])
        s["ratio_median_rss"] = med([r["rss_kb"] / b["rss_kb"] for r, b in zip(rows, base_rows)
                                     if b["rss_kb"] > 0])
        s["ratio_max_rss"] = (max(rss) / max(b["rss_kb"] for b in base_rows)
                              if base_rows and max(b["rss_kb"] for b in base_rows) else float("nan"))
    else:
        for k in ("ratio_total_wall", "ratio_total_cpu", "ratio_median_wall",
                  "ratio_median_rss", "ratio_max_rss"):
            s[k] = float("nan")
    return s


def whole_ratios(whole, base_rows):
    """ratio_* columns for the one-process run: totals and max RSS vs clang."""
    nan = float("nan")
    if not base_rows:
        return [nan] * 5
    bw = sum(r["wall"] for r in base_rows)
    bc = sum(r["cpu"] for r in base_rows)
    bm = max(r["rss_kb"] for r in base_rows)
    return [whole["wall"] / bw if bw else nan, whole["cpu"] / bc if bc else nan,
            nan, nan, whole["rss_kb"] / bm if bm else nan]


COLS = ["tool", "files", "failed", "total_wall_s", "total_cpu_s", "median_wall_s",
        "median_cpu_s", "median_rss_mb", "max_rss_mb", "ratio_total_wall",
        "ratio_total_cpu", "ratio_median_wall", "ratio_median_rss", "ratio_max_rss"]


def print_table(summaries, skipped):
    hdr = ["tool", "files", "fail", "wall s", "cpu s", "med wall", "med cpu",
           "med RSS MB", "max RSS MB", "x wall", "x cpu", "x med wall", "x med RSS", "x max RSS"]
    lines = []
    for s in summaries:
        lines.append([s["tool"], str(s["files"]), str(s["failed"]),
                      fnum(s["total_wall_s"]), fnum(s["total_cpu_s"]),
                      fnum(s["median_wall_s"], "{:.3f}"), fnum(s["median_cpu_s"], "{:.3f}"),
                      fnum(s["median_rss_mb"], "{:.1f}"), fnum(s["max_rss_mb"], "{:.1f}"),
                      fnum(s["ratio_total_wall"]), fnum(s["ratio_total_cpu"]),
                      fnum(s["ratio_median_wall"]), fnum(s["ratio_median_rss"]),
                      fnum(s["ratio_max_rss"])])
    for name, reason in skipped:
        lines.append([name, "-", "-"] + ["skipped"] + [""] * (len(hdr) - 4))
    w = [max(len(h), *(len(l[i]) for l in lines)) if lines else len(h) for i, h in enumerate(hdr)]
    def fmt(row):
        return "  ".join(c.ljust(w[i]) if i == 0 else c.rjust(w[i]) for i, c in enumerate(row))
    print(fmt(hdr))
    print("  ".join("-" * x for x in w))
    for l in lines:
        print(fmt(l))


def main():
    cfg = {
        "linux": env("LINUX", env("ORDERCHECK_LINUX", "/work/linux-6.1")),
        "subdir": env("SUBDIR", "kernel"),
        "n": env("N", "40"),
        "ordercheck": env("ORDERCHECK", "/work/main/build/ordercheck"),
        "clang": env("CLANG", ""),
        "sparse": env("SPARSE", "sparse"),
        "sparse_flags": env("SPARSE_FLAGS", SPARSE_CHECKFLAGS),
        "sparse_drop": env("SPARSE_DROP", "").split(),
        "spatch": env("SPATCH", "spatch"),
        "cocci": env("COCCI", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                           "smp_mb-next-to-atomic.cocci")),
        "out": env("OUT", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                       "results", "last.tsv")),
        "tools": env("TOOLS", "clang ordercheck sparse spatch").split(),
        "timeout": float(env("TIMEOUT", "600")),
        "whole": env("WHOLE", "1") == "1",
    }
    cfg["compdb"] = env("COMPDB", os.path.join(cfg["linux"], "compile_commands.json"))
    if cfg["n"] not in ("all",) and not cfg["n"].isdigit():
        sys.exit(f"N must be a number or 'all', not {cfg['n']!r}")
    if not os.access(TIME_BIN, os.X_OK):
        sys.exit(f"{TIME_BIN} missing: apt-get install time")
    if not os.path.isfile(cfg["compdb"]):
        sys.exit(f"{cfg['compdb']} not found: run bench/prepare-linux.sh first")

    entries, total = load_entries(cfg["compdb"], cfg["subdir"], cfg["n"])
    if not entries:
        sys.exit(f"no entries under {cfg['subdir']}/ in {cfg['compdb']}")
    if not cfg["clang"]:
        # the compiler named in the compile command (LLVM=1: "clang")
        cfg["clang"] = entries[0]["argv"][0]

    tools = build_tools(cfg)
    active = [(n, b) for n, b, _ in tools if b]
    skipped = [(n, r) for n, b, r in tools if not b]
    out_tsv = cfg["out"]
    os.makedirs(os.path.dirname(os.path.abspath(out_tsv)) or ".", exist_ok=True)
    base = out_tsv[:-4] if out_tsv.endswith(".tsv") else out_tsv
    files_tsv, log_path = base + ".files.tsv", base + ".log"

    log(f"compile db {cfg['compdb']}: {len(entries)} of {total} {cfg['subdir']}/ TUs (N={cfg['n']})")
    for n, r in skipped:
        log(f"SKIP {n}: {r}")
    log(f"tools: {', '.join(n for n, _ in active)}; per-run output in {log_path}")
    try:
        load = os.getloadavg()
        log(f"load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs")
    except OSError:
        pass

    results = {n: [] for n, _ in active}
    t_start = time.monotonic()
    with open(log_path, "w") as logf:
        # warm the page cache for the headers, so that the first tool measured
        # does not pay for disk reads the others get free
        e0 = entries[0]
        subprocess.run([shutil.which(cfg["clang"]) or cfg["clang"]] + syntax_flags(e0)
                       + ["-fsyntax-only", e0["file"]], cwd=e0["dir"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for i, e in enumerate(entries, 1):
            fl = syntax_flags(e)
            parts = []
            for name, builder in active:
                r = measure(builder(e, fl), e["dir"], cfg["timeout"], logf)
                r["file"] = e["rel"]
                results[name].append(r)
                rc = "" if r["rc"] == 0 else f" rc={r['rc']}"
                parts.append(f"{name.split()[0]} {r['wall']:.2f}s/{r['rss_kb'] // 1024}M{rc}")
            log(f"[{i}/{len(entries)}] {e['rel']}: " + ", ".join(parts))

        whole = None
        oc = cfg["ordercheck"]
        if "ordercheck" in cfg["tools"] and any(n == "ordercheck" for n, _ in active) and cfg["whole"]:
            argv = [oc, "-p", os.path.dirname(os.path.abspath(cfg["compdb"])), "-j", "1"] \
                   + [e["file"] for e in entries]
            log(f"whole set in one process: ordercheck -p {os.path.dirname(cfg['compdb'])} -j 1 <{len(entries)} files>")
            whole = measure(argv, entries[0]["dir"], cfg["timeout"] * len(entries), logf)
            log(f"  -> rc={whole['rc']} wall={whole['wall']:.2f}s cpu={whole['cpu']:.2f}s "
                f"rss={whole['rss_kb'] / 1024:.1f}MB")

    log(f"measurements took {time.monotonic() - t_start:.1f}s")
    base_rows = results.get("clang -fsyntax-only")
    summaries = [summarize(n, results[n], base_rows) for n, _ in active]

    print()
    print(f"{len(entries)} TUs of {cfg['subdir']}/ (first {len(entries)} of {total}, sorted), "
          f"one run each; times in seconds, x = ratio to clang -fsyntax-only")
    print("x wall/x cpu: ratio of totals; x med wall / x med RSS: median over files of the per-file ratio")
    print()
    print_table(summaries, skipped)
    if whole is not None:
        print(f"\nordercheck -p -j 1, all {len(entries)} files in one process: "
              f"rc={whole['rc']} wall {whole['wall']:.2f}s, cpu {whole['cpu']:.2f}s, "
              f"peak RSS {whole['rss_kb'] / 1024:.1f} MB, "
              f"x wall / x cpu / x max RSS vs clang -fsyntax-only: "
              + " / ".join(fnum(x) for x in (whole_ratios(whole, base_rows)[i] for i in (0, 1, 4))))
    for n, r in skipped:
        print(f"{n}: skipped: {r}")
    fails = [(n, r["file"], r["rc"]) for n in results for r in results[n] if failed(n, r["rc"])]
    if fails:
        print(f"\nnon-zero exits ({len(fails)}; output in {log_path}):")
        for n, f, rc in fails[:20]:
            print(f"  {n}: {f}: rc={rc}")

    with open(out_tsv, "w") as f:
        f.write("\t".join(COLS) + "\n")
        for s in summaries:
            f.write("\t".join(str(s[c]) if not isinstance(s[c], float) else f"{s[c]:.6g}"
                              for c in COLS) + "\n")
        for n, r in skipped:
            f.write("\t".join([n, "0", "0"] + ["nan"] * (len(COLS) - 3)) + "\n")
        if whole is not None:
            f.write("\t".join(["ordercheck -p -j1 (one process)", str(len(entries)),
                               str(0 if whole["rc"] == 0 else len(entries)),
                               f"{whole['wall']:.6g}", f"{whole['cpu']:.6g}", "nan", "nan",
                               f"{whole['rss_kb'] / 1024:.6g}", f"{whole['rss_kb'] / 1024:.6g}"]
                              + [f"{x:.6g}" for x in whole_ratios(whole, base_rows)]) + "\n")
    with open(files_tsv, "w") as f:
        f.write("tool\tfile\twall_s\tcpu_s\tmax_rss_kb\trc\n")
        for n in results:
            for r in results[n]:
                f.write(f"{n}\t{r['file']}\t{r['wall']:.4f}\t{r['cpu']:.2f}\t{r['rss_kb']}\t{r['rc']}\n")
    print(f"\nsummary TSV: {out_tsv}\nper-file TSV: {files_tsv}\ntool output: {log_path}")


if __name__ == "__main__":
    main()
