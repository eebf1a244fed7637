#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# pairing-scale.sh [N...]: the whole-tree pass on one generated file whose
# N functions all share one struct's two fields (half write them in
# order, half read them), the worst case for pairing by key. Prints, per
# N, the pairing pass's time (--stats) and the whole run's wall time and
# peak memory; the pass is bounded per key (PAIR_CAP), so its time grows
# with N, not N squared.
set -eu
oc=${ORDERCHECK:-$(cd "$(dirname "$0")/.." && pwd)/build/ordercheck}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- 500 1000 2000 20000
for n in "$@"; do
	{
		echo 'struct s { int a, b; };'
		i=0
		while [ "$i" -lt "$n" ]; do
			if [ $((i % 2)) -eq 0 ]; then
				echo "void w$i(struct s *p) { __atomic_store_n(&p->a, $i, __ATOMIC_RELAXED); __atomic_thread_fence(__ATOMIC_RELEASE); __atomic_store_n(&p->b, 1, __ATOMIC_RELAXED); }"
			else
				echo "int r$i(struct s *p) { if (__atomic_load_n(&p->b, __ATOMIC_RELAXED)) return __atomic_load_n(&p->a, __ATOMIC_RELAXED); return 0; }"
			fi
			i=$((i + 1))
		done
	} >"$tmp/g$n.c"
	/usr/bin/time -f "%e %M" -o "$tmp/time" "$oc" --stats "$tmp/g$n.c" \
		>/dev/null 2>"$tmp/err" || true
	pairing=$(grep "stats: pairing" "$tmp/err" | awk '{print $4}')
	set -- $(tail -1 "$tmp/time")
	echo "$n functions: pairing $pairing s, run $1 s wall, $2 KiB peak"
done
