#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# gen_tu_shape.sh SHAPE N: a C file of N small functions of one shape on
# stdout, the shapes that made a per-TU lookup quadratic (issue 34):
#   orders  each orders the same two stores (a store, a release fence, a
#           store): the TU summary's writer orders
#   wakers  each stores a condition and wakes through one helper defined
#           last: the wake rule's look at the helper (a lookup by name
#           until issue 37)
# bench/tu_scale.sh times them; testcases/cli/run.sh (tu-linear) checks
# their growth.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 orders|wakers N" >&2; exit 2; }
case $1 in
orders)
	awk -v n="$2" 'BEGIN {
		print "struct s { int a, b; };"
		for (i = 0; i < n; i++)
			printf "void w%d(struct s *p) { __atomic_store_n(&p->a, %d, __ATOMIC_RELAXED); __atomic_thread_fence(__ATOMIC_RELEASE); __atomic_store_n(&p->b, 1, __ATOMIC_RELAXED); }\n", i, i
	}'
	;;
wakers)
	awk -v n="$2" 'BEGIN {
		print "#include <ordercheck/linux.h>"
		print "struct chan { wait_queue_head_t wq; int ready; };"
		print "static bool sleepers(struct chan *c);"
		for (i = 0; i < n; i++)
			printf "void s%d(struct chan *c) { WRITE_ONCE(c->ready, 1); if (sleepers(c)) wake_up(&c->wq); }\n", i
		print "static bool sleepers(struct chan *c) { return waitqueue_active(&c->wq); }"
	}'
	;;
*)
	echo "$0: no shape '$1' (orders, wakers)" >&2
	exit 2
	;;
esac
