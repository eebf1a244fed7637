#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The html report's details, one test each (issue 34, item 5).

    html_items_test.py ORDERCHECK ITEM

ITEM is one of:
  tabs      a tab in quoted source and in a fix-it's diff moves to the next
            multiple of 8 columns of the source line, whatever the line
            number before it
  fixit     a fix-it of several edits is one diff with one hunk: the edits
            applied together, never a hunk per edit
  labels    every text of a drawing fits its viewBox, and an edge's label
            has a box behind it that holds it (a crossing edge never cuts it)
  outcome   a misplaced-barrier drawing (shape same-way) has the edges of
            its bad outcome and says it in words
  c11       a C11 access's box names its memory order
  paths     a long path wraps (CSS), and a directory's bar label fits
  errors    the messages about the run come before the summary and the
            findings
Run from the source tree's top. Exit 0 when it holds, 1 with the reason.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_test import Tree  # noqa: E402


class Fail(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Fail(what)


def page(oc, tmp, files, name="p.html"):
    out = os.path.join(tmp, name)
    p = subprocess.run([oc, "--no-facts", "--format=html", "-o", out] + files,
                       capture_output=True)
    check(p.returncode in (0, 1, 2) and os.path.exists(out),
          "ordercheck exit %d: %s" % (p.returncode, p.stderr.decode()))
    with open(out, encoding="utf-8") as f:
        return f.read()


def findings(oc, files):
    p = subprocess.run([oc, "--no-facts", "--format=json"] + files,
                       capture_output=True)
    return json.loads(p.stdout)


def article(root, rule, line):
    a = [a for a in root.find("article", "finding")
         if a.attrs["data-rule"] == rule and a.attrs["data-line"] == str(line)]
    check(a, "no %s finding at line %d" % (rule, line))
    return a[0]


# ---- tabs ----

TABS = (b"#include <ordercheck/linux.h>\n"
        b"int x, y;\n"
        b"void f(int v)\n"
        b"{\n"
        b"\tif (v) {\n"
        b"\t\tWRITE_ONCE(x, v);\t/* tab */\n"
        b"\t\tsmp_mb();\n"
        b"\t}\n"
        b"\ty = 1;\n"
        b"}\n")


def tabs(oc, tmp):
    src = os.path.join(tmp, "tabs.c")
    with open(src, "wb") as f:
        f.write(TABS)
    lines = TABS.decode().split("\n")
    root = Tree(page(oc, tmp, [src])).root
    a = article(root, "store-then-mb", 6)
    spans = [s for s in a.find("span", "ln")]
    check(spans, "no quoted lines")
    for s in spans:
        n = int(s.attrs["data-line"])
        code = s.find("span", "code")
        # the code after its number, "%5u  "
        got = code[0].all_text() if code else s.all_text()[7:]
        want = lines[n - 1].expandtabs(8)
        check(got == want, "line %d quoted %r, want %r" % (n, got, want))
    diff = a.find("pre", "diff")
    check(diff, "no fix-it diff")
    for tag in ("del", "ins"):
        for d in diff[0].find(tag):
            t = d.all_text()[1:]
            check("\t" not in t and (not t.startswith(" ") or
                                     t.startswith(" " * 8)),
                  "diff line %r: a tab not expanded to 8 columns" % t)


# ---- fixit ----

def fixit(oc, tmp):
    files = ["testcases/store-then-mb/bad.c"]
    doc = findings(oc, files)
    root = Tree(page(oc, tmp, files)).root
    with open(files[0]) as f:
        lines = f.read().split("\n")
    seen = 0
    for d in doc["diagnostics"]:
        if len(d["fixes"]) < 2:
            continue
        seen += 1
        a = article(root, d["rule"], d["line"])
        diff = a.find("pre", "diff")[0]
        text = diff.all_text()
        check(text.count("\n+++ ") == 1 and text.count("@@ -") == 1,
              "line %d: %d edits shown as %d hunks:\n%s"
              % (d["line"], len(d["fixes"]), text.count("@@ -"), text))
        # the hunk is the edits applied together, in order of place
        fx = sorted(d["fixes"], key=lambda f: (f["line"], f["column"]))
        first = fx[0]["line"]
        # an edit that ends at a line's start leaves that line alone
        last = max(f["end_line"] - (f["end_column"] <= 1 and
                                    f["end_line"] > f["line"]) for f in fx)
        old = "\n".join(lines[first - 1:last]) + "\n"

        def off(line, col):
            return sum(len(x) + 1 for x in lines[first - 1:line - 1]) + \
                col - 1
        new, pos = "", 0
        for f in fx:
            o, e = off(f["line"], f["column"]), off(f["end_line"],
                                                      f["end_column"])
            if o < pos:
                continue
            new += old[pos:o] + f["replacement"]
            pos = e
        new += old[pos:]
        want_del = [x.expandtabs(8) for x in old.split("\n")[:-1]]
        want_ins = [x.expandtabs(8) for x in new.split("\n")[:-1]]
        got_del = [x.all_text()[1:] for x in diff.find("del")]
        got_ins = [x.all_text()[1:] for x in diff.find("ins")]
        ctx = [x.all_text()[1:] for x in diff.find("span", "dc")]
        # lines the edits leave alone may show as context
        check([x for x in want_del if x not in ctx] == got_del and
              [x for x in want_ins if x not in ctx] == got_ins,
              "line %d: -%s +%s, want -%s +%s"
              % (d["line"], got_del, got_ins, want_del, want_ins))
    check(seen >= 2, "only %d findings with several edits" % seen)


# ---- labels ----

# font size and anchor of each class of text in a drawing (html.c's CSS)
SIZES = {"th": 13, "acc": 12, "ln": 10, "ordl": 11, "el": 12, "outcome": 12,
         "mo": 10}
CHAR_W = 0.61  # DejaVu Sans Mono's advance, of its size


def long_threads_json(tmp):
    src = os.path.join(tmp, "long.c")
    with open(src, "w") as f:
        f.write("int x;\n" * 30)
    acc = [{"file": src, "line": 3 + i, "column": 1, "op": op,
            "text": "smp_store_release(a_rather_long_structure.member_%d)"
            % i} for i, op in enumerate(("W", "W", "R", "R"))]
    th = [{"function": "a_function_whose_name_goes_on_and_on_and_on",
           "order": "smp_wmb", "order_file": src, "order_line": 4,
           "order_column": 1, "ord": 3, "accesses": acc[:2]},
          {"function": "reader", "order": "a_rather_long_callee_name_that_goes_on",
           "order_file": src, "order_line": 12, "order_column": 1,
           "ord": 2, "accesses": acc[2:]}]
    diags = []
    for i, shape in enumerate(("MP", "S", "SB", "LB")):
        diags.append({"rule": "pair-missing-acquire", "severity": "warning",
                      "file": src, "line": 20 + i, "column": 1,
                      "function": "reader", "message": "m%d" % i,
                      "notes": [], "fixes": [],
                      "threads": {"shape": shape, "threads": th}})
    doc = {"version": 1, "files_checked": 1, "errors": [],
           "diagnostics": diags}
    path = os.path.join(tmp, "long.json")
    with open(path, "w") as f:
        json.dump(doc, f)
    return path


def labels(oc, tmp):
    out = os.path.join(tmp, "p.html")
    p = subprocess.run([oc, "report", "--from-json", long_threads_json(tmp),
                        "-o", out], capture_output=True)
    check(p.returncode in (0, 1), "report --from-json: exit %d %s"
          % (p.returncode, p.stderr.decode()))
    with open(out, encoding="utf-8") as f:
        root = Tree(f.read()).root
    svgs = [s for s in root.find("svg") if "data-shape" in s.attrs]
    check(len(svgs) == 4, "%d drawings" % len(svgs))
    for svg in svgs:
        _, _, vw, vh = map(float, svg.attrs["viewbox"].split())
        texts = svg.find("text")
        for t in texts:
            cls = [c for c in t.cls() if c in SIZES]
            check(cls, "a text of no known class: %s" % t.attrs)
            w = len(t.all_text()) * SIZES[cls[0]] * CHAR_W
            x, y = float(t.attrs["x"]), float(t.attrs["y"])
            start = x if cls[0] == "ordl" else x - w / 2
            check(start >= 0 and start + w <= vw and 0 < y <= vh,
                  "%s: %s %r spans x %.0f..%.0f at y %.0f, the viewBox "
                  "is %.0fx%.0f" % (svg.attrs["data-shape"], cls[0],
                                    t.all_text(), start, start + w, y,
                                    vw, vh))
        # an edge's label stands on a box that holds it
        els = [t for t in texts if "el" in t.cls()]
        boxes = svg.find("rect", "elb")
        check(len(els) == len(boxes) and els,
              "%s: %d edge labels, %d boxes behind them"
              % (svg.attrs["data-shape"], len(els), len(boxes)))
        for t, b in zip(els, boxes):
            w = len(t.all_text()) * SIZES["el"] * CHAR_W
            x, y = float(t.attrs["x"]), float(t.attrs["y"])
            bx, by = float(b.attrs["x"]), float(b.attrs["y"])
            bw, bh = float(b.attrs["width"]), float(b.attrs["height"])
            check(bx <= x - w / 2 and bx + bw >= x + w / 2 and
                  by <= y - SIZES["el"] * 0.8 and by + bh >= y,
                  "%s: label %r at %.0f,%.0f, box %.0f,%.0f %.0fx%.0f"
                  % (svg.attrs["data-shape"], t.all_text(), x, y, bx, by,
                     bw, bh))


# ---- outcome ----

def outcome(oc, tmp):
    files = ["testcases/misplaced-barrier/bad.c"]
    root = Tree(page(oc, tmp, files)).root
    # the writer stores the flag first / the reader reads the data first
    want = {16: ({("rf", "0.0", "1.0"), ("fr", "1.1", "0.1")},
                 ("ring.head", "ring.buf")),
            110: ({("rf", "0.1", "1.1"), ("fr", "1.0", "0.0")},
                  ("cfg.valid", "cfg.mode"))}
    for line, (edges, (new, old)) in want.items():
        a = article(root, "misplaced-barrier", line)
        svg = a.find("svg")[0]
        check(svg.attrs["data-shape"] == "same-way", "shape %s"
              % svg.attrs["data-shape"])
        got = {(e.attrs["data-edge"], e.attrs["data-from"],
                e.attrs["data-to"]) for e in svg.find("path", "edge")
               if e.attrs["data-edge"] != "po"}
        check(got == edges, "line %d: edges %s, want %s"
              % (line, sorted(got), sorted(edges)))
        words = " ".join(t.all_text() for t in svg.find("text", "outcome"))
        check(re.search(r"new '%s'.*old '%s'" % (re.escape(new),
                                                  re.escape(old)), words),
              "line %d: the drawing says %r, not the bad outcome (the new "
              "'%s', the old '%s')" % (line, words, new, old))
    # every drawing names its bad outcome
    for a in root.find("article", "finding"):
        for svg in a.find("svg"):
            check(svg.find("text", "outcome"),
                  "%s:%s: a drawing that names no bad outcome"
                  % (a.attrs["data-rule"], a.attrs["data-line"]))


# ---- c11 ----

def c11(oc, tmp):
    root = Tree(page(oc, tmp, ["testcases/pair-missing-acquire/bad.c"])).root
    a = article(root, "pair-missing-acquire", 64)
    want = {"0.0": "memory_order_relaxed", "0.1": "memory_order_release",
            "1.0": "memory_order_relaxed", "1.1": "memory_order_relaxed"}
    for g in a.find("g", "access"):
        k = g.attrs["data-access"]
        text = " ".join(t.all_text() for t in g.find("text"))
        check(want[k] in text, "access %s: box says %r, not %s"
              % (k, text, want[k]))
    # liburcu's uatomic_store(): CMM_RELAXED when no order is given
    root = Tree(page(oc, tmp, ["testcases/pair-missing-acquire/urcu-mo.c"],
                     "urcu.html")).root
    a = article(root, "pair-missing-acquire", 29)
    want = {"0.0": "CMM_RELAXED", "0.1": "CMM_RELEASE",
            "1.0": "CMM_RELAXED", "1.1": "CMM_RELAXED"}
    for g in a.find("g", "access"):
        k = g.attrs["data-access"]
        text = " ".join(t.all_text() for t in g.find("text"))
        check(want[k] in text, "urcu access %s: box says %r, not %s"
              % (k, text, want[k]))
    root = Tree(page(oc, tmp, ["testcases/pair-missing-acquire/bad.c"],
                     "kernel.html")).root
    # and a kernel access's box stays as it was: no order added
    a = article(root, "pair-missing-acquire", 28)
    for g in a.find("g", "access"):
        text = " ".join(t.all_text() for t in g.find("text"))
        check("memory_order" not in text, "kernel box %r" % text)


# ---- paths ----

def css_rules(text):
    css = re.search(r"<style>(.*?)</style>", text, re.S).group(1)
    rules = {}
    for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        for s in sel.split(","):
            rules.setdefault(s.strip(), []).append(body)
    return rules


def paths(oc, tmp):
    deep = os.path.join(tmp, "drivers", "a_directory_with_a_long_name" * 3,
                        "and_another_one_below_it" * 3)
    os.makedirs(deep)
    src = os.path.join(deep, "a_source_file_with_a_very_long_name_too.c")
    shutil.copy("testcases/store-then-mb/bad.c", src)
    text = page(oc, tmp, [src])
    rules = css_rules(text)
    for sel in (".where", ".finding h3", "#run-messages li"):
        check(any(re.search(r"overflow-wrap:\s*anywhere|word-break:\s*"
                            r"break-all|text-overflow:\s*ellipsis", b)
                  for b in rules.get(sel, [])),
              "%s: a long path neither wraps nor is cut (%s)"
              % (sel, rules.get(sel)))
    check(any(re.search(r"max-width:\s*100%", b)
              for b in rules.get("figure svg", [])),
          "a drawing wider than the page overflows it: %s"
          % rules.get("figure svg"))
    # the directories' bar labels fit left of their bars (x 0..270)
    root = Tree(text).root
    for t in root.find("svg", id="by-dir")[0].find("text", "bl"):
        if t.attrs.get("style", "").endswith("end"):
            w = len(t.all_text()) * 12 * CHAR_W
            check(float(t.attrs["x"]) - w >= 0,
                  "bar label %r runs %.0f px past the left edge"
                  % (t.all_text(), w - float(t.attrs["x"])))


# ---- errors ----

def errors(oc, tmp):
    text = page(oc, tmp, ["testcases/store-then-mb/bad.c",
                          "testcases/cli/inputs/broken.c"])
    at = {k: text.find('id="%s"' % k)
          for k in ("run-messages", "summary", "findings")}
    check(at["run-messages"] >= 0, "no messages about the run")
    check(at["run-messages"] < at["summary"] < at["findings"],
          "the messages about the run at %d, the summary at %d, the "
          "findings at %d: not first" % (at["run-messages"], at["summary"],
                                         at["findings"]))


ITEMS = {"tabs": tabs, "fixit": fixit, "labels": labels, "outcome": outcome,
         "c11": c11, "paths": paths, "errors": errors}


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ITEMS:
        print(__doc__, file=sys.stderr)
        return 2
    oc = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="oc-html-")
    try:
        ITEMS[sys.argv[2]](oc, tmp)
    except Fail as e:
        print("FAIL: %s (files in %s)" % (e, tmp))
        return 1
    shutil.rmtree(tmp, ignore_errors=True)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
