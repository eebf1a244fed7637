#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# scripts/fuzz.sh TARGET SECONDS [BINARY]: run one libFuzzer target of
# fuzz/ (lsp compdb baseline store frontend diffread report) for SECONDS from its committed
# corpus, fuzz/corpus/TARGET (every regression input there runs first),
# and for frontend the rule testcases too. Exit 0 when nothing crashed,
# leaked or hung; otherwise 1, with the input that did it in
# BUILD/fuzz/crashes/ (copy it to fuzz/corpus/TARGET/ once fixed).
#
# BINARY defaults to build-fuzz/fuzz/fuzz_TARGET, built by
#   CC=clang-14 cmake -S . -B build-fuzz -G Ninja -DORDERCHECK_FUZZ=ON
#   ninja -C build-fuzz fuzz_TARGET
# New inputs go to BUILD/fuzz/corpus-TARGET, not to the source tree.
# On a shared machine: nice -n 19 scripts/fuzz.sh ...
set -eu
if [ $# -lt 2 ]; then
	echo "usage: scripts/fuzz.sh TARGET SECONDS [BINARY]" >&2
	exit 2
fi
target=$1
seconds=$2
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${3:-$top/build-fuzz/fuzz/fuzz_$target}
[ -x "$bin" ] || {
	echo "fuzz.sh: no $bin (see the comment at the top)" >&2
	exit 2
}
seeds=$top/fuzz/corpus/$target
[ -d "$seeds" ] || {
	echo "fuzz.sh: no corpus $seeds" >&2
	exit 2
}
out=$(dirname "$bin")
work=$out/corpus-$target
crashes=$out/crashes
mkdir -p "$work" "$crashes"
extra=""
if [ "$target" = frontend ]; then
	# the rule testcases: a seed corpus kept up to date by the rules
	extra=$out/testcases-seeds
	rm -rf "$extra"
	mkdir -p "$extra"
	for f in "$top"/testcases/*/bad.c "$top"/testcases/*/good.c; do
		cp "$f" "$extra/$(basename "$(dirname "$f")")-$(basename "$f")"
	done
fi
# Our own output (the server's replies, its log) is closed off
# (-close_fd_mask=2); libFuzzer keeps its own stderr for the report.
# per target: the largest input worth trying, and leak checking (libclang
# keeps caches of its own that LeakSanitizer would report)
case $target in
store) max_len=65536 leaks=1 ;;
frontend) max_len=16384 leaks=0 ;;
*) max_len=16384 leaks=1 ;;
esac
log=$out/fuzz-$target.log
set +e
ASAN_OPTIONS=detect_leaks=$leaks:allocator_may_return_null=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	"$bin" "$work" "$seeds" $extra \
	-max_total_time="$seconds" -max_len=$max_len -timeout=30 \
	-rss_limit_mb=2048 -print_final_stats=1 -close_fd_mask=2 \
	-artifact_prefix="$crashes/$target-" >"$log" 2>&1
rc=$?
set -e
# the figures: the last status line (executions, coverage, exec/s)
grep -E '^#[0-9]+' "$log" | tail -n 1
grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$log" || true
if [ $rc -ne 0 ]; then
	echo "fuzz.sh: $target failed (exit $rc); the log: $log"
	grep -E 'ERROR: |SUMMARY: |runtime error|Test unit written' "$log" |
		head -n 20
	exit 1
fi
echo "fuzz.sh: $target: no crash in $seconds s"
