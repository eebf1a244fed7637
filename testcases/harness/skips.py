#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A skipped test is a failed one unless the allow-list says why.

    skips.py JUNIT.xml [ALLOW-LIST]

Reads the JUnit report ctest writes (ctest --output-junit FILE), prints
every test ctest skipped or did not run, and exits 1 if one is not
matched by a line of ALLOW-LIST (default: testcases/skips-allowed, beside
this script's folder). Each line there is a regular expression that must
match a test's whole name, a tab or spaces, and the reason it may skip;
'#' starts a comment. A test skips when the tool it needs is missing
(exit 77, SKIP_RETURN_CODE): on CI every such tool is installed
(scripts/install-deps.sh), so a skip there means a check did not run.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET


def allowed(path):
    rules = []
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            line = line.split('#', 1)[0].strip()
            if not line:
                continue
            parts = line.split(None, 1)
            if len(parts) < 2:
                sys.exit(f"{path}:{n}: a pattern without its reason")
            rules.append((re.compile(parts[0]), parts[1]))
    return rules


def skipped(junit):
    out = []
    for case in ET.parse(junit).getroot().iter('testcase'):
        status = case.get('status', '')
        if case.find('skipped') is not None or status in ('notrun',
                                                          'disabled'):
            out.append(case.get('name'))
    return out


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip().split('\n')[2].strip(), file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    rules = allowed(sys.argv[2] if len(sys.argv) == 3 else
                    os.path.join(here, '..', 'skips-allowed'))
    bad = 0
    names = skipped(sys.argv[1])
    for name in names:
        why = next((r for p, r in rules if p.fullmatch(name)), None)
        if why:
            print(f"skipped, allowed: {name}: {why}")
        else:
            print(f"skipped, not allowed: {name}", file=sys.stderr)
            bad += 1
    print(f"{len(names)} skipped, {bad} not on the allow-list")
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
