#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# werror.sh: -Werror is for CI and developers only. A plain configure (a
# user's, whose newer compiler may warn where ours does not) compiles
# without it; -DORDERCHECK_WERROR=ON, which scripts/run-tests.sh,
# scripts/setup.sh, .ci/run and scripts/add-rule.sh pass, compiles with it. Configure only, no
# build: the compile commands say which flags every file gets.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
need cmake
tmp_dir
b=$tmp/b

werror_files() {
	grep -c -- '-Werror\b' "$b/compile_commands.json"
}

run cmake -S "$root" -B "$b"
expect_status 0
n=$(werror_files)
[ "$n" -eq 0 ] || fail "a default configure compiles $n files with -Werror"
run cmake -S "$root" -B "$b" -DORDERCHECK_WERROR=ON
expect_status 0
n=$(werror_files)
[ "$n" -gt 0 ] || fail "-DORDERCHECK_WERROR=ON: no file compiled with -Werror"
for f in scripts/run-tests.sh scripts/setup.sh .ci/run scripts/add-rule.sh; do
	grep -q -- '-DORDERCHECK_WERROR=ON' "$root/$f" ||
		fail "$f does not configure with -DORDERCHECK_WERROR=ON"
done
echo "ok: -Werror off by default, on with ORDERCHECK_WERROR ($n files)"
exit 0
