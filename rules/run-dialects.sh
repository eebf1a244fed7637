#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run-dialects.sh ORDERCHECK OUTDIR [CK_SRC] [DPDK_SRC]: ordercheck over the
# installed Concurrency Kit and DPDK headers' algorithms, and over a real
# program of each (CK's regressions, DPDK's app/test), as judged in
# rules/FINDINGS-ck.md and rules/FINDINGS-dpdk.md.
#
#   rules/run-dialects.sh build/ordercheck /tmp/dialects \
#       /work/.mirror/concurrencykit+ck/repo /work/.mirror/DPDK+dpdk/repo
#
# CK_SRC and DPDK_SRC are git directories of github.com/concurrencykit/ck
# and github.com/DPDK/dpdk (the search tool's fetch makes them); without
# them only the headers are checked. The programs are taken at the tags of
# the installed packages (0.7.1, v22.11).
#
# The headers' public functions (ck_ring_enqueue_spsc(), rte_seqlock_*())
# are vocabulary rows, whose bodies ordercheck does not check as code: a
# header included first (-include OUTDIR/*/rename.h) defines each as a
# macro of another name, so that the bodies are checked and the calls
# between them still name the primitive. CK's headers are copied out of
# /usr/include (a system directory, whose functions are not checked) and
# set to CK_MD_RMO, the model of arm64 and POWER builds (the x86 package's
# ck_md.h says CK_MD_TSO, where CK's fences compile to nothing).
#
# OUTDIR/*.txt hold the reports; exit status 2 on bad usage, else 0.

oc=$1
out=$2
ck_src=$3
dpdk_src=$4
if [ -z "$oc" ] || [ -z "$out" ] || [ ! -x "$oc" ]; then
	echo "usage: $0 ORDERCHECK OUTDIR [CK_SRC] [DPDK_SRC]" >&2
	exit 2
fi
oc=$(cd "$(dirname "$oc")" && pwd)/$(basename "$oc")
mkdir -p "$out/ck/inc" "$out/dpdk" || exit 2
out=$(cd "$out" && pwd)

# renames FILE...: "#define NAME(...) xNAME(__VA_ARGS__)" for every
# function defined at the start of a line as PREFIX...( in FILE...
renames() {
	prefix=$1
	shift
	echo "/* the algorithms' functions under other names (run-dialects.sh) */"
	grep -h -o -E "^${prefix}[a-z0-9_]+\(" "$@" | tr -d '(' | sort -u |
		sed 's/.*/#define &(...) x&(__VA_ARGS__)/'
}

# ---- Concurrency Kit ----
if [ -f /usr/include/ck_pr.h ]; then
	cd "$out/ck" || exit 2
	cp -r /usr/include/ck_*.h /usr/include/gcc /usr/include/spinlock inc/
	sed -i 's/^#ifndef CK_MD_TSO$/#ifndef CK_MD_RMO/; s/^#define CK_MD_TSO$/#define CK_MD_RMO/' \
		inc/ck_md.h
	renames ck_ $(ls inc/ck_*.h inc/spinlock/*.h |
		grep -v -E 'ck_(pr|md|cc)\.h') > rename.h
	cat > ck-headers.c <<'EOF'
/* every installed Concurrency Kit algorithm header */
#include <ck_pr.h>
#include <ck_ring.h>
#include <ck_spinlock.h>
#include <ck_epoch.h>
#include <ck_sequence.h>
#include <ck_stack.h>
#include <ck_fifo.h>
#include <ck_rwlock.h>
#include <ck_swlock.h>
#include <ck_brlock.h>
#include <ck_pflock.h>
#include <ck_tflock.h>
#include <ck_bytelock.h>
#include <ck_hp_stack.h>
#include <ck_hp_fifo.h>
#include <ck_barrier.h>
#include <ck_bitmap.h>
#include <ck_array.h>
int ck_headers_unit(void) { return 0; }
EOF
	"$oc" --no-facts ck-headers.c -- -Iinc -include rename.h \
		> "$out/ck-headers.txt" 2>&1
	if [ -n "$ck_src" ] && [ -d "$ck_src" ]; then
		rm -rf prog && mkdir prog
		git --git-dir="$ck_src" archive 0.7.1 regressions |
			tar -x -C prog
		cd prog/regressions || exit 2
		files=""
		for f in */validate/*.c; do
			gcc -fsyntax-only -D_GNU_SOURCE -I. "$f" >/dev/null 2>&1 &&
				files="$files $f"
		done
		"$oc" --no-facts -j2 $files -- -D_GNU_SOURCE -I. \
			> "$out/ck-regressions.txt" 2>&1
	fi
fi

# ---- DPDK ----
if pkg-config --exists libdpdk 2>/dev/null; then
	cd "$out/dpdk" || exit 2
	d=/usr/include/dpdk
	x=/usr/include/x86_64-linux-gnu/dpdk
	renames rte_ $d/rte_ring*.h $d/rte_seqlock.h $d/rte_seqcount.h \
		$d/rte_rcu_qsbr.h $d/rte_mcslock.h $d/rte_ticketlock.h \
		$d/generic/rte_spinlock.h $d/generic/rte_rwlock.h \
		$x/rte_spinlock.h $x/rte_rwlock.h $d/rte_stack*.h > rename.h
	cat > dpdk-headers.c <<'EOF'
/* DPDK 22.11's lockless algorithm headers */
#include <rte_atomic.h>
#include <rte_pause.h>
#include <rte_ring.h>
#include <rte_ring_elem.h>
#include <rte_ring_hts.h>
#include <rte_ring_rts.h>
#include <rte_ring_peek.h>
#include <rte_ring_peek_zc.h>
#include <rte_seqcount.h>
#include <rte_seqlock.h>
#include <rte_rcu_qsbr.h>
#include <rte_mcslock.h>
#include <rte_ticketlock.h>
#include <rte_spinlock.h>
#include <rte_rwlock.h>
#include <rte_stack.h>
int dpdk_headers_unit(void) { return 0; }
EOF
	"$oc" --no-facts dpdk-headers.c -- $(pkg-config --cflags libdpdk) \
		-include rename.h > "$out/dpdk-headers.txt" 2>&1
	if [ -n "$dpdk_src" ] && [ -d "$dpdk_src" ]; then
		rm -rf prog && mkdir -p prog/inc
		tests="test.h test_atomic.c test_mcslock.c test_rcu_qsbr.c
		       test_ring.c test_ring.h test_seqlock.c test_spinlock.c
		       test_ticketlock.c"
		git --git-dir="$dpdk_src" archive v22.11 \
			$(for t in $tests; do echo app/test/$t; done) |
			tar -x -C prog
		# rte_test.h (TEST_ASSERT) is not installed by dpdk-dev
		git --git-dir="$dpdk_src" show \
			v22.11:lib/eal/include/rte_test.h > prog/inc/rte_test.h
		cd prog/app/test || exit 2
		"$oc" --no-facts -j2 test_*.c -- $(pkg-config --cflags libdpdk) \
			-I. -I../../inc -DALLOW_EXPERIMENTAL_API \
			> "$out/dpdk-app-test.txt" 2>&1
	fi
fi

# one line per finding: file:line:col severity rule
for f in "$out"/*.txt; do
	echo "== $(basename "$f")"
	grep -E ': (warning|remark): ' "$f" |
		sed -E 's/^([^ ]+) (warning|remark): .*\[([a-z0-9-]+)\]$/\1 \2 \3/' |
		sort -u
done
exit 0
