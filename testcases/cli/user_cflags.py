#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Every checker source compiles with a user's own sanitizer flags.

    user_cflags.py BUILD_DIR

A user configuring with -DCMAKE_C_FLAGS="-fsanitize=address,undefined -O1"
gets our -Wall -Wextra -Werror too, and GCC's optimiser then warns where
-O0 does not (util.c's vsnprintf(NULL, 0, fmt): "null format string",
-Werror=format-truncation). Each file of BUILD_DIR/compile_commands.json
under checker/src is compiled again with those flags added (objects to
/dev/null). Exit 0 when all compile, 1 naming the ones that do not.
"""
import json
import os
import shlex
import subprocess
import sys

USER_FLAGS = ["-fsanitize=address,undefined", "-O1"]


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().split("\n")[2].strip(), file=sys.stderr)
        return 2
    with open(os.path.join(sys.argv[1], "compile_commands.json")) as f:
        db = json.load(f)
    bad = 0
    n = 0
    for e in db:
        if "/checker/src/" not in e["file"]:
            continue
        argv = e.get("arguments") or shlex.split(e["command"])
        out = argv.index("-o")
        argv = argv[:out] + USER_FLAGS + ["-o", "/dev/null"] + argv[out + 2:]
        argv = [a for i, a in enumerate(argv)
                if a not in ("-MD", "-MF") and argv[i - 1] != "-MF"
                and a not in ("-MT",) and argv[i - 1] != "-MT"]
        r = subprocess.run(argv, cwd=e["directory"], capture_output=True,
                           text=True)
        n += 1
        if r.returncode:
            bad += 1
            print("FAIL: %s\n%s" % (e["file"], r.stderr[:2000]))
    print("%d of %d files compile with %s" % (n - bad, n, " ".join(USER_FLAGS)))
    return 1 if bad or not n else 0


if __name__ == "__main__":
    sys.exit(main())
