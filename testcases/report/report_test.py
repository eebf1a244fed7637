#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The html report (--format=html) on testcases, checked as a page.

    report_test.py ORDERCHECK structure   # python's html.parser: fast
    report_test.py ORDERCHECK chromium    # headless Chromium: the DOM with
                                          # and without scripts, screenshots

Run from the source tree's top. The inputs are testcases of every rule
family (pairing across two files, store buffering, load buffering, a
misplaced barrier, barriers next to atomics with their fix-its, control
and address dependencies) and a Latin-1 file. The same findings as
--format=json gives must be on the page, each location linked and quoted
with its line highlighted, each pairing finding drawn as two threads with
the edges of its shape; `ordercheck report --from-json` must give the same
page. Exit 0 when all hold, 1 with the reasons, 77 when Chromium is
missing (chromium mode).
"""
import html.parser
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

sys.dont_write_bytecode = True

INPUTS = [
    "testcases/pair-missing-acquire/two-files/consumer.c",
    "testcases/pair-missing-acquire/two-files/producer.c",
    "testcases/sb-needs-full-barrier/bad.c",
    "testcases/lb-needs-order/bad.c",
    "testcases/misplaced-barrier/bad.c",
    "testcases/pair-wrong-barrier/bad.c",
    "testcases/pair-missing-release/bad.c",
    "testcases/unordered-flag/bad.c",
    "testcases/mb-after-atomic/bad.c",
    "testcases/ctrl-dep-identical-stores/bad.c",
    "testcases/addr-dep-plain-load/bad.c",
    "testcases/cli/inputs/broken.c",  # a file that does not parse
]
# a finding in a Latin-1 file, quoted on the page
LATIN1 = (b"#include <ordercheck/linux.h>\n"
          b"/* caf\xe9 \xff */\n"
          b"atomic_t users;\n"
          b"void get_user(void)\n"
          b"{\n"
          b"\tatomic_inc(&users); /* d\xe9j\xe0 vu */\n"
          b"\tsmp_mb();\n"
          b"}\n")
# the edges of the bad outcome, per shape: (kind, from, to)
EDGES = {
    "MP": {("rf", "0.1", "1.0"), ("fr", "1.1", "0.0")},
    "S": {("rf", "0.1", "1.0"), ("co", "1.1", "0.0")},
    "SB": {("fr", "0.1", "1.0"), ("fr", "1.1", "0.0")},
    "LB": {("rf", "0.1", "1.0"), ("rf", "1.1", "0.0")},
    # misplaced-barrier: the flag stored first, or read last (which side
    # is blamed: html_items_test.py outcome)
    "same-way": ({("rf", "0.0", "1.0"), ("fr", "1.1", "0.1")},
                 {("rf", "0.1", "1.1"), ("fr", "1.0", "0.0")}),
}
SKIPPED_NOTES = ("litmus test: ", "litmus test of the fix: ", "herd7 ")


class Fail(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Fail(what)


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children, self.text = [], []

    def cls(self):
        return self.attrs.get("class", "").split()

    def all_text(self):
        return "".join(self.text) + "".join(c.all_text()
                                            for c in self.children)

    def find(self, tag=None, cls=None, **attrs):
        out = []
        for c in self.children:
            if ((tag is None or c.tag == tag)
                    and (cls is None or cls in c.cls())
                    and all(c.attrs.get(k.replace("_", "-")) == v
                            for k, v in attrs.items())):
                out.append(c)
            out += c.find(tag, cls, **attrs)
        return out


VOID = {"meta", "br", "input", "img", "hr", "link", "rect", "path"}


class Tree(html.parser.HTMLParser):
    """A DOM, enough of one: tags, attributes, text."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", [], None)
        self.cur = self.root
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        n = self.cur
        while n is not self.root and n.tag != tag:
            n = n.parent
        if n is not self.root:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.text.append(data)


def run(cmd, ok2=False, **kw):
    p = subprocess.run(cmd, capture_output=True, **kw)
    # 2: a file did not parse (broken.c), said on the page
    if p.returncode not in (0, 1, 2) or (p.returncode == 2 and not ok2):
        raise Fail("%s: exit %d: %s" % (" ".join(cmd), p.returncode,
                                         p.stderr.decode(errors="replace")))
    return p


def make_page(oc, tmp):
    """The json findings and the page; returns (json doc, page path)."""
    latin1 = os.path.join(tmp, "latin1.c")
    with open(latin1, "wb") as f:
        f.write(LATIN1)
    files = INPUTS + [latin1]
    doc = json.loads(run([oc, "--no-facts", "--format=json"] + files,
                         ok2=True).stdout)
    page = os.path.join(tmp, "report.html")
    run([oc, "--no-facts", "--format=html", "-o", page, "--emit-litmus",
         os.path.join(tmp, "litmus")] + files, ok2=True)
    with open(os.path.join(tmp, "report.json"), "w") as f:
        json.dump(doc, f)
    return doc, page


def check_page(text, doc, where, scripted=False):
    """Every finding of @doc on the page @text, drawn and linked."""
    root = Tree(text).root
    diags = doc["diagnostics"]
    arts = root.find("article", "finding")
    check(len(arts) == len(diags),
          "%s: %d findings on the page, %d in the json"
          % (where, len(arts), len(diags)))
    # the run's own messages are listed apart, not as findings
    errs = root.find("section", id="run-messages")
    check(len(doc["errors"]) >= 1 and errs and
          len(errs[0].find("li")) == len(doc["errors"]),
          "%s: %d messages about the run, listed %s"
          % (where, len(doc["errors"]), errs))
    rules = {d["rule"] for d in diags}
    families = {r.split("-")[0] for r in rules}
    check(len(diags) >= 8 and {"pair", "sb", "lb", "mb", "ctrl", "addr",
                               "misplaced"} <= families,
          "%s: too few kinds of finding: %s" % (where, sorted(rules)))
    # no network: no external script, style, image or font
    check(not root.find("script", src=None) or
          all("src" not in s.attrs for s in root.find("script")),
          "%s: an external script" % where)
    check(not root.find("link"), "%s: a <link>" % where)
    check("http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"',
                                        "") and "https://" not in text,
          "%s: a network address" % where)
    # scripts off, everything shows: only the filter bar waits for one
    check(scripted or "hidden" in root.find("form", id="filters")[0].attrs,
          "%s: the filter bar shows without the script" % where)
    check(not any("hidden" in a.attrs for a in arts),
          "%s: a finding is hidden" % where)
    by_rule = {}
    for d in diags:
        by_rule[d["rule"]] = by_rule.get(d["rule"], 0) + 1
    table = root.find("table", id="by-rule")[0]
    for tr in table.find("tr")[1:]:
        tds = tr.find("td")
        check(int(tds[-1].all_text()) == by_rule.get(tds[0].all_text()),
              "%s: summary row %s" % (where, tds[0].all_text()))
    check(len(table.find("tr")) == len(by_rule) + 1,
          "%s: summary has %d rows for %d rules"
          % (where, len(table.find("tr")) - 1, len(by_rule)))
    check(root.find("svg", id="by-dir")[0].find("rect", "bar"),
          "%s: no bars per directory" % where)
    seen_threads = seen_fix = seen_fffd = 0
    for d in diags:
        art = [a for a in arts if a.attrs["data-rule"] == d["rule"] and
               a.attrs["data-file"] == d["file"] and
               a.attrs["data-line"] == str(d["line"]) and
               a.find("p", "msg")[0].all_text() == d["message"]]
        check(len(art) >= 1, "%s: no finding %s at %s:%d"
              % (where, d["rule"], d["file"], d["line"]))
        a = art[0]
        # the rule, linked to its page, and its one-line why
        link = a.find("a", "rule")[0].attrs["href"]
        check(link.endswith("/%s/README.md" % d["rule"]),
              "%s: rule link %s" % (where, link))
        if link.startswith("file://"):
            check(os.path.exists(link[7:]), "%s: no page %s" % (where, link))
        check(a.find("p", "why") and a.find("p", "why")[0].all_text(),
              "%s: %s has no why" % (where, d["rule"]))
        # every location: linked, quoted, its line highlighted
        # (each line once: notes on one line share it)
        locs = []
        for loc in [(d["file"], d["line"])] + [
                (n["file"], n["line"]) for n in d["notes"]
                if not n["message"].startswith(SKIPPED_NOTES)]:
            if loc not in locs:
                locs.append(loc)
        divs = a.find("div", "loc")
        check(len(divs) == len(locs), "%s: %s at %s:%d: %d locations, "
              "%d quoted" % (where, d["rule"], d["file"], d["line"],
                             len(locs), len(divs)))
        for (file, line), div in zip(locs, divs):
            href = div.find("a", "loc-link")[0].attrs["href"]
            check(href.startswith("file:///") and
                  href.endswith("%s#L%d" % (file, line)),
                  "%s: location link %s for %s:%d" % (where, href, file, line))
            hl = div.find("span", "hl")
            check(len(hl) == 1 and hl[0].attrs["data-line"] == str(line),
                  "%s: %s:%d not highlighted" % (where, file, line))
            seen_fffd += "\ufffd" in div.all_text()
        # pairing findings: two threads, their accesses, the edges
        svgs = a.find("svg")
        if "threads" in d:
            seen_threads += 1
            check(len(svgs) == 1, "%s: %s: no drawing" % (where, d["rule"]))
            svg = svgs[0]
            shape = d["threads"]["shape"]
            check(svg.attrs.get("data-shape") == shape,
                  "%s: shape %s" % (where, svg.attrs.get("data-shape")))
            th = svg.find("g", "thread")
            check([t.attrs["data-thread"] for t in th] == ["0", "1"],
                  "%s: threads %s" % (where, th))
            for t, want in zip(th, d["threads"]["threads"]):
                check(want["function"] in t.all_text(),
                      "%s: thread lacks %s()" % (where, want["function"]))
                acc = t.find("g", "access")
                check(len(acc) == 2, "%s: %d accesses" % (where, len(acc)))
                for g, w in zip(acc, want["accesses"]):
                    check(w["text"][:30] in g.all_text(),
                          "%s: access %s" % (where, w["text"]))
            edges = {(e.attrs["data-edge"], e.attrs["data-from"],
                      e.attrs["data-to"]) for e in svg.find("path", "edge")}
            po = {e for e in edges if e[0] == "po"}
            check(po == {("po", "0.0", "0.1"), ("po", "1.0", "1.1")},
                  "%s: program order edges %s" % (where, po))
            want = EDGES[shape]
            check(edges - po in (want if isinstance(want, tuple)
                                 else (want,)),
                  "%s: %s edges %s, want %s"
                  % (where, shape, edges - po, want))
            # the missing order is drawn as such
            for t, want in zip(th, d["threads"]["threads"]):
                cls = t.find("path", "po")[0].cls()
                check(("ord-yes" in cls) == (want["ord"] == 3),
                      "%s: order drawn %s for ord %d"
                      % (where, cls, want["ord"]))
        else:
            check(not svgs, "%s: a drawing without threads" % where)
        if d["fixes"]:
            seen_fix += 1
            diff = a.find("pre", "diff")
            check(diff and diff[0].find("del") and diff[0].find("ins"),
                  "%s: %s: fix-it not shown as a diff" % (where, d["rule"]))
    check(seen_threads >= 5, "%s: only %d drawings" % (where, seen_threads))
    check(seen_fix >= 1, "%s: no fix-it" % where)
    check(seen_fffd >= 1, "%s: the Latin-1 bytes are not U+FFFD" % where)
    return root


def structure(oc, tmp):
    doc, page = make_page(oc, tmp)
    with open(page, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8", errors="strict")
    except UnicodeDecodeError as e:
        raise Fail("the page is not UTF-8: %s" % e)
    check(text.startswith("<!DOCTYPE html>"), "no doctype")
    root = check_page(text, doc, "--format=html")
    # --emit-litmus: each drawn finding has its test folded below
    for a in root.find("article", "finding"):
        if a.find("svg") and a.attrs["data-rule"] != "misplaced-barrier":
            lit = a.find("details", "litmus")
            check(lit and "exists" in lit[0].all_text(),
                  "no litmus test under %s at %s:%s" % (
                      a.attrs["data-rule"], a.attrs["data-file"],
                      a.attrs["data-line"]))
    # the same page from the json
    again = os.path.join(tmp, "again.html")
    run([oc, "report", "--from-json", os.path.join(tmp, "report.json"),
         "-o", again])
    with open(again, encoding="utf-8") as f:
        check_page(f.read(), doc, "report --from-json")
    # a second run takes the pairing pass's result from the store: the
    # threads travel with it (the "T" record)
    store = os.path.join(tmp, "facts.sqlite")
    pages = []
    for i in range(2):
        out = os.path.join(tmp, "stored%d.html" % i)
        run([oc, "--facts", store, "--format=html", "-o", out] + INPUTS,
            ok2=True)
        with open(out, encoding="utf-8") as f:
            pages.append(f.read().count('<g class="thread"'))
    check(pages[0] >= 10 and pages[0] == pages[1],
          "threads drawn in a run and its stored rerun: %s" % pages)
    # against a baseline: the new findings, and how many it holds
    bl = os.path.join(tmp, "baseline.txt")
    old = ["testcases/mb-after-atomic/bad.c"]
    known = len(json.loads(run([oc, "--no-facts", "--format=json"] + old)
                           .stdout)["diagnostics"])
    run([oc, "--no-facts", "--write-baseline", bl] + old)
    out = os.path.join(tmp, "baseline.html")
    run([oc, "--no-facts", "--baseline", bl, "--format=html", "-o", out] +
        old + ["testcases/sb-needs-full-barrier/bad.c"])
    with open(out, encoding="utf-8") as f:
        root = Tree(f.read()).root
    arts = root.find("article", "finding")
    check(arts and all(a.attrs["data-rule"] != "mb-after-atomic"
                       for a in arts) and
          root.find("span", id="n-known")[0].all_text() == str(known),
          "baseline: %d findings, known %s" % (
              len(arts), [s.all_text() for s in root.find("span",
                                                          id="n-known")]))
    # bad input: a usage error
    p = subprocess.run([oc, "report", "--from-json", page],
                       capture_output=True)
    check(p.returncode == 2 and b"json" in p.stderr,
          "report --from-json on html: exit %d" % p.returncode)


def chromium_bin():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def chrome(browser, tmp, *args):
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu",
           "--hide-scrollbars", "--user-data-dir=" + os.path.join(tmp, "ud"),
           ] + list(args)
    p = subprocess.run(cmd, capture_output=True, timeout=120)
    if p.returncode:
        raise Fail("%s: exit %d: %s" % (" ".join(cmd), p.returncode,
                                         p.stderr.decode(errors="replace")))
    return p.stdout.decode("utf-8", errors="strict")


def png_stats(path):
    """(width, height, fraction of non-white pixels, distinct colours)."""
    with open(path, "rb") as f:
        data = f.read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "the screenshot is not a PNG")
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            check(depth == 8 and ctype in (2, 6),
                  "PNG depth %d colour type %d" % (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    nonwhite, colours, i = 0, set(), 0
    for y in range(h):
        ft = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):  # undo the PNG filters
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ft == 1:
                line[x] = (line[x] + a) & 255
            elif ft == 2:
                line[x] = (line[x] + b) & 255
            elif ft == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ft == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pr) & 255
        prev = line
        if y % 4 == 0:
            for x in range(0, stride, bpp * 4):
                px = bytes(line[x:x + 3])
                colours.add(px)
                nonwhite += px != b"\xff\xff\xff"
    sampled = ((h + 3) // 4) * ((w + 3) // 4)
    return w, h, nonwhite / sampled, len(colours)


def chromium(oc, tmp):
    browser = chromium_bin()
    if not browser:
        print("chromium not found")
        sys.exit(77)
    doc, page = make_page(oc, tmp)
    url = "file://" + page
    # scripts on: the filter bar shows and counts
    dom = chrome(browser, tmp, "--dump-dom", url)
    root = check_page(dom, doc, "chromium", scripted=True)
    form = root.find("form", id="filters")[0]
    check("hidden" not in form.attrs, "chromium: the script did not run")
    n = len(doc["diagnostics"])
    check(root.find("span", id="f-count")[0].all_text() == "%d shown" % n,
          "chromium: filter count %r"
          % root.find("span", id="f-count")[0].all_text())
    # a filter from the address: only that rule's findings show
    rule = "mb-after-atomic"
    dom = chrome(browser, tmp, "--dump-dom", url + "#rule=" + rule)
    arts = Tree(dom).root.find("article", "finding")
    shown = [a for a in arts if "hidden" not in a.attrs]
    check(shown and all(a.attrs["data-rule"] == rule for a in shown) and
          len(shown) == sum(d["rule"] == rule for d in doc["diagnostics"]),
          "chromium: #rule= filter shows %d findings" % len(shown))
    # scripts off: everything shows, the filter bar stays hidden. Chromium
    # neither dumps a DOM nor takes a screenshot with
    # --blink-settings=scriptEnabled=false (both are scripts of its own),
    # so a copy of the page forbids its own script (CSP), as a browser
    # with scripts off would not run it, and that copy is read.
    with open(page, encoding="utf-8") as f:
        text = f.read()
    nojs = os.path.join(tmp, "nojs.html")
    with open(nojs, "w", encoding="utf-8") as f:
        f.write(text.replace("<head>", "<head><meta http-equiv=\"Content-"
                             "Security-Policy\" content=\"script-src "
                             "'none'\">", 1))
    dom = chrome(browser, tmp, "--dump-dom", "file://" + nojs)
    root = check_page(dom, doc, "chromium, scripts off")
    check("hidden" in root.find("form", id="filters")[0].attrs,
          "chromium, scripts off: the filter bar shows")
    # the picture: large, not blank, in colour; scripts off (the CSP
    # copy), the same picture but for the filter bar
    stats = {}
    for name, args, target in (
            ("js", [], url),
            ("csp", [], "file://" + nojs)):
        shot = os.path.join(tmp, name + ".png")
        chrome(browser, tmp, "--window-size=1280,2000",
               "--screenshot=" + shot, *args, target)
        w, h, ink, colours = stats[name] = png_stats(shot)
        check((w, h) == (1280, 2000), "%s screenshot %dx%d" % (name, w, h))
        check(0.03 < ink < 0.9, "%s screenshot ink %.3f: blank or solid"
              % (name, ink))
        check(colours >= 16, "%s screenshot: %d colours" % (name, colours))
        print("%s screenshot %dx%d, %.1f%% ink, %d colours"
              % (name, w, h, 100 * ink, colours))
    check(abs(stats["js"][2] - stats["csp"][2]) < 0.05,
          "scripts on and off differ by more than the filter bar: %s %s"
          % (stats["js"], stats["csp"]))


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("structure", "chromium"):
        print(__doc__, file=sys.stderr)
        return 2
    oc = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="oc-report-")
    try:
        (structure if sys.argv[2] == "structure" else chromium)(oc, tmp)
    except Fail as e:
        print("FAIL: %s (files in %s)" % (e, tmp))
        return 1
    shutil.rmtree(tmp, ignore_errors=True)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
