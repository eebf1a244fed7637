#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cocci-prefilter.sh [--full]: rules/run-tree.sh's prefilter (the rules'
# "// Tokens:" and "// Require:" lines, rules/prefilter.pl) drops no file a
# rule reports on. Run from the repository root (ctest does).
#
# Default (fast, no spatch): over testcases/, every file that a rule's
# report.expected names is among the files the prefilter hands to spatch.
# --full: every rule over all of testcases/ with the prefilter and without
# it (PREFILTER=0, spatch --dir as scripts/coccicheck runs it) reports the
# same lines.
#
# Exit status: 0 nothing lost, 1 a file or a report lost or no rule
# checked, 2 bad usage or a missing tool, 77 spatch missing (--full only).

full=
[ "$1" = "--full" ] && full=1
[ -f rules/run-tree.sh ] || {
	echo "$0: run from the repository root" >&2
	exit 2
}
command -v perl >/dev/null 2>&1 || {
	echo "$0: perl not found" >&2
	exit 2
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
n=0

if [ -z "$full" ]; then
	SPATCH=true rules/run-tree.sh testcases "$tmp/out" > "$tmp/log" 2>&1 || {
		cat "$tmp/log" >&2
		exit 1
	}
	for cocci in rules/*.cocci; do
		id=$(basename "$cocci" .cocci)
		exp=testcases/$id/report.expected
		[ -f "$exp" ] || continue
		# no Tokens line: spatch gets the whole tree
		[ -f "$tmp/out/$id.files" ] || continue
		for f in $(sed -n 's|^testcases/\([^:]*\):[0-9].*|\1|p' "$exp" | sort -u); do
			if ! grep -qx "$f" "$tmp/out/$id.files"; then
				echo "FAIL: $id reports on testcases/$f, which its prefilter drops" >&2
				status=1
			fi
		done
		echo "ok: $id: $(wc -l < "$tmp/out/$id.files") files kept"
		n=$((n + 1))
	done
	echo "$n rules checked"
	if [ "$n" -eq 0 ]; then
		echo "FAIL: no rule checked (none has both a report.expected and a prefilter)" >&2
		status=1
	fi
	exit $status
fi

command -v "${SPATCH:-spatch}" >/dev/null 2>&1 || {
	echo "spatch not found: skipped"
	exit 77
}
PREFILTER=0 rules/run-tree.sh testcases "$tmp/all" > "$tmp/all.log" 2>&1 || status=1
rules/run-tree.sh testcases "$tmp/pre" > "$tmp/pre.log" 2>&1 || status=1
for r in "$tmp"/all/*.report; do
	[ -f "$r" ] || continue
	id=$(basename "$r" .report)
	n=$((n + 1))
	if ! cmp -s "$r" "$tmp/pre/$id.report"; then
		echo "FAIL: $id: the prefilter changes the report" >&2
		diff "$r" "$tmp/pre/$id.report" >&2
		status=1
	else
		echo "ok: $id: $(wc -l < "$r") lines either way"
	fi
done
echo "$n rules checked"
if [ "$n" -eq 0 ]; then
	echo "FAIL: no rule checked (run-tree.sh wrote no report)" >&2
	status=1
fi
exit $status
