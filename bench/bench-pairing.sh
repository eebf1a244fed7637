#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# bench-pairing.sh [TREE] [JOBS]: the facts store and the pairing pass on a
# prepared kernel tree (bench/prepare-linux.sh). Three runs of the same
# binary in one go: a first run with an empty store, a second with nothing
# changed, and a third after touching one header's contents; prints each
# run's wall time, peak memory and --stats lines, and the ratio of the
# second run to the first (the goal: under 5%).
set -eu
tree=${1:-/work/linux-6.1}
jobs=${2:-$(nproc)}
oc=${ORDERCHECK:-$(cd "$(dirname "$0")/.." && pwd)/build/ordercheck}
out=${OUT:-$(mktemp -d)}
[ -f "$tree/compile_commands.json" ] || {
	echo "bench-pairing: no $tree/compile_commands.json (run bench/prepare-linux.sh)" >&2
	exit 2
}
# a copy: rebuilding ordercheck during the runs would change its identity,
# which the store's keys include
mkdir -p "$out"
cp "$oc" "$out/ordercheck"
store=$out/facts.sqlite
rm -f "$store"

run() {
	name=$1
	shift
	/usr/bin/time -f "%e %M" -o "$out/$name.time" \
		"$out/ordercheck" -p "$tree" -j "$jobs" --facts "$store" --stats "$@" \
		>"$out/$name.txt" 2>"$out/$name.err" || true
	set -- $(tail -1 "$out/$name.time")
	echo "$name: ${1} s wall, ${2} KiB peak (parent process)"
	grep "stats:" "$out/$name.err" | sed 's/^ordercheck: /  /'
}

run first
run second
ls -l "$store" | awk '{print "store: " $5 " bytes"}'
first=$(cut -d' ' -f1 "$out/first.time" | tail -1)
second=$(cut -d' ' -f1 "$out/second.time" | tail -1)
echo "second/first: $(echo "scale=4; $second / $first" | bc)"
cmp -s "$out/first.txt" "$out/second.txt" && echo "same findings: yes" ||
	echo "same findings: NO (diff $out/first.txt $out/second.txt)"
echo "findings: $(grep -c ': warning:\|: remark:' "$out/first.txt" || true) in $out/first.txt"
