#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run-tree.sh TREE OUTDIR [RULE...]: run rules/RULE.cocci in report mode over
# a whole source tree (default: every rule), as scripts/coccicheck would, and
# keep one report per rule with its wall time.
#
#   rules/run-tree.sh /work/linux-6.1 /tmp/cocci-linux
#   JOBS=2 DIRS="kernel mm" rules/run-tree.sh /work/linux-6.1 /tmp/cocci-km
#
# OUTDIR/RULE.report holds spatch's report lines with paths relative to TREE,
# sorted; OUTDIR/RULE.time the wall seconds; OUTDIR/summary.tsv one line per
# rule (rule, findings, files given up after TIMEOUT seconds, seconds). spatch's own prefilter skips the files that
# do not name a token the rule needs, so a whole tree is minutes, not hours.
#
# Exit status: 0 every rule ran (findings or not), 1 spatch failed on a rule,
# 2 bad usage.

here=$(cd "$(dirname "$0")" && pwd)
tree=$1
out=$2
if [ -z "$tree" ] || [ -z "$out" ] || [ ! -d "$tree" ]; then
	echo "usage: $0 TREE OUTDIR [RULE...]" >&2
	exit 2
fi
shift 2
rules=$*
if [ -z "$rules" ]; then
	rules=$(cd "$here" && ls *.cocci | sed 's/\.cocci$//')
fi
jobs=${JOBS:-1}
# a few huge files (net/core/dev.c) take minutes per rule: give up on them
# and say so in RULE.err, as coccicheck users do with --timeout
timeout=${TIMEOUT:-60}
dirs=${DIRS:-.}
spatch=${SPATCH:-spatch}
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
printf 'rule\tfindings\ttimeouts\tseconds\n' > "$out/summary.tsv"
status=0

for rule in $rules; do
	cocci=$here/$rule.cocci
	if [ ! -f "$cocci" ]; then
		echo "$0: no rule $cocci" >&2
		exit 2
	fi
	# The rule's header carries the options coccicheck would pass.
	opts=$(sed -n 's|^// Options: *||p' "$cocci")
	start=$(date +%s)
	(
		cd "$tree" || exit 2
		for d in $dirs; do
			# shellcheck disable=SC2086
			"$spatch" --sp-file "$cocci" -D report --very-quiet \
				--no-show-diff $opts --jobs "$jobs" --chunksize 1 \
				--timeout "$timeout" \
				--dir "$d" || exit 1
		done
	) > "$out/$rule.raw" 2> "$out/$rule.err"
	rc=$?
	end=$(date +%s)
	if [ $rc -ne 0 ]; then
		echo "$0: spatch failed on $rule (see $out/$rule.err)" >&2
		status=1
	fi
	# Relative paths, one finding per line, stable order.
	sed "s|^$tree/||; s|^\./||" "$out/$rule.raw" |
		grep -E '^[^ ]+:[0-9]+:' | sort -u > "$out/$rule.report"
	echo $((end - start)) > "$out/$rule.time"
	printf '%s\t%s\t%s\t%s\n' "$rule" "$(wc -l < "$out/$rule.report")" \
		"$(grep -c 'Timeout' "$out/$rule.err")" $((end - start)) \
		>> "$out/summary.tsv"
done
cat "$out/summary.tsv"
exit $status
