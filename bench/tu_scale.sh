#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tu_scale.sh [N...]: per-file analysis on generated files of N small
# functions of one shape (bench/gen_tu_shape.sh: orders, wakers), the
# shapes that made a per-TU lookup quadratic (issue 34: 1.2 / 4.1 /
# 19.6 s for 5k / 10k / 20k).
# Prints, per shape and N, ordercheck's wall time, clang -fsyntax-only's
# on the same file and their ratio: time that doubles with N is linear,
# time that quadruples is the next quadratic. ORDERCHECK and CLANG
# choose the binaries, SHAPES the shapes (default: both).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
oc=${ORDERCHECK:-$top/build/ordercheck}
cc=${CLANG:-clang}
inc=$top/checker/include
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- 5000 10000 20000

# wall CMD...: CMD's wall time in seconds (its output and status ignored)
wall() {
	/usr/bin/time -f %e -o "$tmp/time" "$@" >/dev/null 2>&1 || true
	tail -n 1 "$tmp/time"
}

printf '%-7s %10s %12s %12s %8s\n' shape functions ordercheck/s clang/s ratio
for shape in ${SHAPES:-orders wakers}; do
	for n in "$@"; do
		"$top/bench/gen_tu_shape.sh" "$shape" "$n" >"$tmp/g.c"
		t_oc=$(wall "$oc" "$tmp/g.c" -- "-I$inc")
		t_cc=$(wall "$cc" -fsyntax-only "-I$inc" "$tmp/g.c")
		ratio=$(awk -v a="$t_oc" -v b="$t_cc" 'BEGIN {
			if (b > 0) printf "%.1f", a / b; else print "-" }')
		printf '%-7s %10s %12s %12s %8s\n' "$shape" "$n" "$t_oc" \
			"$t_cc" "$ratio"
	done
done
