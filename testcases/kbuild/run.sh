#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run.sh ORDERCHECK TREE: ordercheck as kbuild's checker, in place of sparse,
# on a real Linux 6.1 tree (linux-source-6.1, defconfig, LLVM=1):
#   make C=2 CHECK=ordercheck kernel/locking/   checks every file, reports in
#                                              sparse's format on stderr, and
#                                              the build goes on (exit 0)
#   ... CHECKFLAGS=--Werror                    findings stop the build
#   make C=1 after touching one file           checks only that file
# TREE is prepared here with bench/prepare-linux.sh (extract, defconfig,
# prepare, build kernel/locking: about a minute) unless it already is.
# Exit 0 ok, 1 with a reason, 77 (skipped) without linux-source-6.1.
set -u
oc=$1
tree=$2
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
tarball=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
tmp_dir
log=$tmp/log

if [ ! -f "$tree/.ordercheck/done.prepare" ]; then
	[ -f "$tarball" ] || skip "no $tarball (apt-get install linux-source-6.1)"
	DIRS="kernel/locking" "$here/../../bench/prepare-linux.sh" "$tree" \
		>"$log" 2>&1 || fail "prepare-linux.sh: $(tail -20 "$log")"
fi
cd "$tree" || fail "no $tree"

make LLVM=1 C=2 CHECK="$oc" kernel/locking/ >"$log" 2>&1
st=$?
[ $st -eq 0 ] || fail "make C=2 failed ($st): $(tail -20 "$log")"
n=$(grep -c '^  CHECK   kernel/locking/' "$log")
[ "$n" -ge 5 ] || fail "only $n files checked: $(tail -20 "$log")"
grep -Eq '^include/linux/sched/idle.h:86:2: warning: .*\[mb-after-atomic\]$' "$log" ||
	fail "no finding in sparse's format: $(grep -v '^  ' "$log" | head -20)"
grep -Eq '^[^ :]+:[0-9]+:[0-9]+:    ' "$log" ||
	fail "no indented sparse-style continuation lines"
grep -q "error: unknown option\|usage: ordercheck" "$log" &&
	fail "ordercheck rejected kbuild's command line: $(grep -m3 'ordercheck' "$log")"

make LLVM=1 C=2 CHECK="$oc" CHECKFLAGS=--Werror kernel/locking/ >"$log" 2>&1 &&
	fail "CHECKFLAGS=--Werror: the build went on despite findings"

touch kernel/locking/mutex.c
make LLVM=1 C=1 CHECK="$oc" kernel/locking/ >"$log" 2>&1 ||
	fail "make C=1 failed: $(tail -20 "$log")"
checked=$(grep '^  CHECK   ' "$log" | sed 's/^  CHECK   //')
[ "$checked" = "kernel/locking/mutex.c" ] ||
	fail "C=1 checked [$checked], want kernel/locking/mutex.c"
echo "ok: kbuild C=2 ($n files), --Werror, C=1"
exit 0
