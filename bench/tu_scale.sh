#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tu_scale.sh [N...]: per-file analysis on one generated file of N small
# functions that each order the same two stores (a store, a release
# fence, a store), the case that made the TU summary quadratic (issue 34:
# 1.2 / 4.1 / 19.6 s for 5k / 10k / 20k). Prints, per N, ordercheck's
# wall time, clang -fsyntax-only's on the same file and their ratio: time
# that doubles with N is linear, time that quadruples is the next
# quadratic. ORDERCHECK and CLANG choose the binaries.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
oc=${ORDERCHECK:-$top/build/ordercheck}
cc=${CLANG:-clang}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- 5000 10000 20000

# gen N: the file, on stdout
gen() {
	echo 'struct s { int a, b; };'
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++)
			printf "void w%d(struct s *p) { __atomic_store_n(&p->a, %d, __ATOMIC_RELAXED); __atomic_thread_fence(__ATOMIC_RELEASE); __atomic_store_n(&p->b, 1, __ATOMIC_RELAXED); }\n", i, i
	}'
}

# wall CMD...: CMD's wall time in seconds (its output and status ignored)
wall() {
	/usr/bin/time -f %e -o "$tmp/time" "$@" >/dev/null 2>&1 || true
	tail -n 1 "$tmp/time"
}

printf '%10s %12s %12s %8s\n' functions ordercheck/s clang/s ratio
for n in "$@"; do
	gen "$n" >"$tmp/g$n.c"
	t_oc=$(wall "$oc" "$tmp/g$n.c")
	t_cc=$(wall "$cc" -fsyntax-only "$tmp/g$n.c")
	ratio=$(awk -v a="$t_oc" -v b="$t_cc" 'BEGIN {
		if (b > 0) printf "%.1f", a / b; else print "-" }')
	printf '%10s %12s %12s %8s\n' "$n" "$t_oc" "$t_cc" "$ratio"
done
