#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run-cocci.sh MODE ID: run rules/ID.cocci in MODE (report or patch) on
# testcases/ID/bad.c and compare the output with testcases/ID/MODE.expected
# exactly; then check that the rule finds nothing in testcases/ID/good.c.
# Run it from the repository root (ctest does).
#
# spatch is called as scripts/coccicheck calls it: -D MODE --very-quiet,
# --no-show-diff in report mode, and the text after "Options:" in the
# rule's header. The conventions of the .expected files:
#
#   report.expected  what spatch prints in report mode, in spatch's order:
#                    "testcases/ID/bad.c:LINE:COL-COL: WARNING: ... [ID]"
#                    (COL counts from 0, a tab counts as one column)
#                    and every reported line must carry the checker's
#                    expect-warning[ID] (the engines agree on bad.c)
#   patch.expected   the unified diff spatch prints in patch mode with
#                    --patch . (paths a/testcases/ID/bad.c and
#                    b/testcases/ID/bad.c, so `git apply` and `patch -p1`
#                    take it as it is)
#
# Anything machine-specific is normalised away before comparing: the
# absolute path of the repository root and spatch's temporary output
# files. SPATCH=/path/to/spatch picks another spatch.
#
# Exit status: 0 the output matches and good.c is clean, 1 it does not,
# 2 bad usage, a missing file, or spatch failed.
#
# To (re)generate an expectation after checking the output by eye:
#   testcases/harness/run-cocci.sh --print report ID > testcases/ID/report.expected

print_only=
if [ "$1" = "--print" ]; then
	print_only=1
	shift
fi
mode=$1
id=$2
spatch=${SPATCH:-spatch}

usage() {
	echo "usage: $0 [--print] report|patch RULE-ID (from the repository root)" >&2
	exit 2
}

[ $# -eq 2 ] || usage
case $mode in
report | patch) ;;
*) usage ;;
esac

cocci=rules/$id.cocci
bad=testcases/$id/bad.c
good=testcases/$id/good.c
expected=testcases/$id/$mode.expected
for f in "$cocci" "$bad" "$good"; do
	if [ ! -f "$f" ]; then
		echo "$0: $f not found (run from the repository root)" >&2
		exit 2
	fi
done
if [ -z "$print_only" ] && [ ! -f "$expected" ]; then
	echo "$0: $expected not found" >&2
	exit 2
fi
if ! command -v "$spatch" >/dev/null 2>&1; then
	echo "$0: $spatch not found" >&2
	exit 2
fi

# as scripts/coccicheck reads them
options=$(grep "Options:" "$cocci" | cut -d':' -f2)
root=$(pwd -P)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run_spatch FILE OUT: the normalised output of the rule on FILE
run_spatch() {
	if [ "$mode" = report ]; then
		# shellcheck disable=SC2086 # options are words, as in coccicheck
		"$spatch" -D report --very-quiet --no-show-diff $options \
			--sp-file "$cocci" "$1" >"$tmp/raw" 2>"$tmp/err"
	else
		# shellcheck disable=SC2086
		"$spatch" -D patch --very-quiet $options --patch . \
			--sp-file "$cocci" "$1" >"$tmp/raw" 2>"$tmp/err"
	fi
	rc=$?
	if [ $rc -ne 0 ] || grep -qi "error\|failure" "$tmp/err"; then
		echo "$0: spatch failed on $1 (status $rc):" >&2
		cat "$tmp/err" >&2
		exit 2
	fi
	sed -e "s|$root/||g" \
		-e 's|/[^ ]*/cocci-output-[0-9]*-[0-9a-f]*-|/cocci-output-|g' \
		"$tmp/raw" >"$2"
}

run_spatch "$bad" "$tmp/bad.out"
if [ -n "$print_only" ]; then
	cat "$tmp/bad.out"
	exit 0
fi

status=0
if ! diff -u --label "$expected" --label "spatch -D $mode $bad" \
	"$expected" "$tmp/bad.out"; then
	echo "FAIL: $cocci in $mode mode on $bad differs from $expected" >&2
	status=1
fi

# The two engines share the catalogue: every line the rule reports in
# bad.c must be one where the checker's expectations want this rule.
if [ "$mode" = report ]; then
	sed -n 's|^[^:]*:\([0-9]*\):.*|\1|p' "$tmp/bad.out" | sort -u |
		while read -r line; do
			if ! sed -n "${line}p" "$bad" |
				grep -q "expect-warning\[$id\]"; then
				echo "FAIL: $cocci reports $bad:$line, where the" \
					"checker expects no $id warning" >&2
				echo x
			fi
		done >"$tmp/disagree"
	[ -s "$tmp/disagree" ] && status=1
fi

run_spatch "$good" "$tmp/good.out"
if [ -s "$tmp/good.out" ]; then
	echo "FAIL: $cocci in $mode mode finds something in $good:" >&2
	cat "$tmp/good.out" >&2
	status=1
fi

[ $status -eq 0 ] && echo "ok: $cocci $mode"
exit $status
