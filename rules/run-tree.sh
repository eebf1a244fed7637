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
# rule (rule, files handed to spatch, findings, files given up after TIMEOUT
# seconds, wall seconds, CPU seconds), then the prefilter's and the total.
#
# The prefilter. A rule's header names the identifiers a file must contain
# for the rule to match anything in it, one "// Tokens:" line per
# condition, each an extended regular expression matched against whole
# identifiers; a file must satisfy every line. "// Tokens 2:" asks for
# two occurrences (a pair of fences). One grep pass over TREE finds every
# occurrence of every rule's tokens, and each rule's spatch gets only its
# files (OUTDIR/RULE.files), largest first so that the last ones to finish
# are small and both workers stay busy. A rule without a Tokens line gets
# the files that pass spatch's own grep query (spatch --parse-cocci) when
# that is a plain disjunction, else every file, as before. spatch still
# applies its own token check to the files it is given. PREFILTER=0 turns
# ours off (spatch --dir, as scripts/coccicheck does). The token pass uses
# ripgrep when it is installed (RG=0: grep). rules/prefilter.pl then
# checks the rules' "// Require:" lines (JOBS processes); for a rule with
# "// Scope: function" or "// Scope: callees" it writes OUTDIR/mirror/RULE/,
# copies of the files with the bodies of the functions where the rule
# cannot match emptied (lines kept), and spatch reads those: the same
# report lines, a fraction of the parsing. MIRROR=0 hands spatch the tree.
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
tree=$(cd "$tree" && pwd)
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
prefilter=${PREFILTER:-1}
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
status=0
t0=$(date +%s)
# CPU seconds (user + system) of the commands run between the "times"
# written to $1 and to $2 (in this shell: a subshell's are its own); a
# shared machine stretches the wall time, not this
cpu_between() {
	awk 'function s(x, a) { split(x, a, /[ms]/); return a[1] * 60 + a[2] }
		FNR == 2 { c[++n] = s($1) + s($2) }
		END { printf "%.0f", c[2] - c[1] }' "$1" "$2"
}
times > "$out/.times.start"

for rule in $rules; do
	if [ ! -f "$here/$rule.cocci" ]; then
		echo "$0: no rule $here/$rule.cocci" >&2
		exit 2
	fi
done

# conditions: one line per condition, "RULE<TAB>MIN<TAB>ERE"
: > "$out/conditions.tsv"
if [ "$prefilter" = 1 ]; then
	for rule in $rules; do
		cocci=$here/$rule.cocci
		rm -f "$out/$rule.cand" "$out/$rule.files"
		if grep -q '^// Tokens\( [0-9][0-9]*\)\?:' "$cocci"; then
			sed -n 's|^// Tokens\( \([0-9][0-9]*\)\)\?: *\(.*[^ ]\) *$|\2\t\3|p' "$cocci" |
				awk -F'\t' -v r="$rule" '{ printf "%s\t%s\t%s\n", r, ($1 == "" ? 1 : $1), $2 }'
		else
			# spatch's own query, if it is "a || b || c"
			q=$("$spatch" --parse-cocci "$cocci" 2>/dev/null |
				sed -n '/^Grep query/{n;p;q}')
			case $q in
			'' | *'&&'* | *'('*) ;;
			*) printf '%s\t1\t%s\n' "$rule" "$(echo "$q" | sed 's/ *|| */|/g')" ;;
			esac
		fi
	done > "$out/conditions.tsv"
fi

# One grep pass for every rule's tokens: OUTDIR/RULE.files, largest first.
if [ -s "$out/conditions.tsv" ]; then
	union=$(cut -f3 "$out/conditions.tsv" | sort -u | paste -sd'|')
	(
		cd "$tree" || exit 2
		# ripgrep if it is there (RG=0: grep): the same lines, in half the time
		if [ "${RG:-1}" = 1 ] && command -v rg > /dev/null; then
			# shellcheck disable=SC2086 # DIRS is a list of directories
			rg -j "$jobs" -uu -ow --no-heading --no-line-number \
				--with-filename -g '*.[ch]' -e "$union" $dirs
		else
			# shellcheck disable=SC2086
			LC_ALL=C grep -rowE --include='*.c' --include='*.h' "$union" $dirs
		fi
	) | awk -F'\t' -v out="$out" '
		FNR == NR { n++; cr[n] = $1; cmin[n] = $2; cre[n] = "^(" $3 ")$"
			need[$1]++; next }
		{
			i = index($0, ":"); f = substr($0, 1, i - 1); t = substr($0, i + 1)
			sub(/^\.\//, "", f)
			if (!(t in seen)) {
				seen[t] = 1; m[t] = ""
				for (c = 1; c <= n; c++) if (t ~ cre[c]) m[t] = m[t] " " c
			}
			k = split(m[t], cs, " ")
			for (j = 1; j <= k; j++) cnt[cs[j], f]++
		}
		END {
			for (key in cnt) {
				split(key, kf, SUBSEP); c = kf[1]; f = kf[2]
				if (cnt[key] >= cmin[c]) ok[cr[c], f]++
			}
			for (key in ok) {
				split(key, kf, SUBSEP)
				if (ok[key] == need[kf[1]]) print kf[2] > (out "/" kf[1] ".cand")
			}
		}' "$out/conditions.tsv" -
	prules=$(cut -f1 "$out/conditions.tsv" | sort -u)
	for rule in $prules; do
		: >> "$out/$rule.cand"
	done
	# shellcheck disable=SC2086
	rm -rf "$out/mirror"
	[ "${MIRROR:-1}" = 1 ] && mirror=--mirror || mirror=
	# shellcheck disable=SC2086
	(cd "$tree" && perl "$here/prefilter.pl" $mirror -j"$jobs" "$out" $prules) || exit 2
fi
t1=$(date +%s)
times > "$out/.times.pre"
pcpu=$(cpu_between "$out/.times.start" "$out/.times.pre")

printf 'rule\tfiles\tfindings\ttimeouts\tseconds\tcpu\n' > "$out/summary.tsv"
for rule in $rules; do
	cocci=$here/$rule.cocci
	# The rule's header carries the options coccicheck would pass.
	opts=$(sed -n 's|^// Options: *||p' "$cocci")
	start=$(date +%s)
	times > "$out/.times.rule"
	if cut -f1 "$out/conditions.tsv" | grep -qx "$rule"; then
		files=$(wc -l < "$out/$rule.files")
		case $opts in
		*--include-headers*) ;;
		*) grep '\.c$' "$out/$rule.files" > "$out/$rule.files.c"
			mv "$out/$rule.files.c" "$out/$rule.files" ;;
		esac
		# one file per group, as --dir does
		sed 's/$/\n/' "$out/$rule.files" > "$out/$rule.groups"
		# a "Scope: function" rule reads the prefilter's copies of its
		# files, with the bodies of the other functions emptied
		src=$tree
		[ -d "$out/mirror/$rule" ] && src=$out/mirror/$rule
		(
			cd "$src" || exit 2
			[ -s "$out/$rule.groups" ] || exit 0
			# shellcheck disable=SC2086
			"$spatch" --sp-file "$cocci" -D report --very-quiet \
				--no-show-diff $opts --jobs "$jobs" --chunksize 1 \
				--timeout "$timeout" \
				--no-scanner --file-groups "$out/$rule.groups" || exit 1
		) > "$out/$rule.raw" 2> "$out/$rule.err"
		rc=$?
	else
		files=-
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
	fi
	end=$(date +%s)
	if [ $rc -ne 0 ]; then
		echo "$0: spatch failed on $rule (see $out/$rule.err)" >&2
		status=1
	fi
	# Relative paths, one finding per line, stable order.
	sed "s|^$tree/||; s|^$out/mirror/$rule/||; s|^\./||" "$out/$rule.raw" |
		grep -E '^[^ ]+:[0-9]+:' | sort -u > "$out/$rule.report"
	echo $((end - start)) > "$out/$rule.time"
	times > "$out/.times.now"
	rcpu=$(cpu_between "$out/.times.rule" "$out/.times.now")
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$rule" "$files" \
		"$(wc -l < "$out/$rule.report")" \
		"$(grep -c 'Timeout' "$out/$rule.err")" $((end - start)) \
		"$rcpu" >> "$out/summary.tsv"
done
t2=$(date +%s)
printf 'prefilter\t-\t-\t-\t%s\t%s\n' $((t1 - t0)) "$pcpu" >> "$out/summary.tsv"
findings=0
for rule in $rules; do
	findings=$((findings + $(wc -l < "$out/$rule.report")))
done
times > "$out/.times.now"
printf 'total\t-\t%s\t-\t%s\t%s\n' "$findings" $((t2 - t0)) \
	"$(cpu_between "$out/.times.start" "$out/.times.now")" >> "$out/summary.tsv"
rm -f "$out"/.times.*
cat "$out/summary.tsv"
exit $status
