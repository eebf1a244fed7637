#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run.sh MODE CACHE: the herd7 verdict table (checker/src/vocab/verdicts.def,
# written by tools/verdicts/gen-verdicts.py) against herd7 and the kernel.
# The kernel's memory model comes from the linux-source-6.1 tarball,
# extracted into CACHE by testcases/litmus/run.sh (shared with its tests).
#   table        regenerate the table with herd7; fail if the committed one
#                differs (slow: every test of the table is run)
#   update       regenerate the table and write it over the committed one
#   kernel       the table agrees with the "Result:" lines of the kernel's
#                own litmus tests (kernel_check.py)
#   kernel-herd  herd7 on every litmus test of the kernel's
#                tools/memory-model/litmus-tests and
#                Documentation/litmus-tests gives its "Result:"
#   rules-herd   herd7 (LKMM) on every testcases/<rule-id>/*.litmus, the
#                evidence a rule page cites, gives its "Result:"; and
#                litmus_check.py accepts them
#   parse        litmus_check.py accepts every test the generator writes
#   compile      the table compiles as C: one row per test, no duplicates
# herd7: $ORDERCHECK_HERD7 when set (ctest passes what CMake found, maybe
# empty), else herd7 on PATH, else /opt/herd7/bin/herd7. Without herd7 or
# the tarball a mode that needs them exits 77 (skipped), unless
# $ORDERCHECK_HERD7_REQUIRED is 1 (cmake -DORDERCHECK_REQUIRE_HERD7=ON, as
# CI configures) and the mode runs herd7: then it fails.
# Exit 0 pass, 1 fail (with the reason), 77 skipped.
set -u
mode=${1:-}
cache=${2:-}
if [ -z "$mode" ] || [ -z "$cache" ]; then
	echo "usage: run.sh table|update|kernel|kernel-herd|rules-herd|parse|compile CACHE" >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
gen=$root/tools/verdicts/gen-verdicts.py
def=$root/checker/src/vocab/verdicts.def
required=${ORDERCHECK_HERD7_REQUIRED:-0}
[ "$required" = ON ] && required=1

# skip, or fail where herd7's tests are required and this is one
herd_mode=0
missing() {
	if [ "$required" = 1 ] && [ "$herd_mode" = 1 ]; then
		fail "$* (herd7's tests are required: ORDERCHECK_REQUIRE_HERD7=ON)"
	fi
	skip "$*"
}

find_herd7() {
	if [ "${ORDERCHECK_HERD7+set}" = set ]; then
		herd7=$ORDERCHECK_HERD7
	else
		herd7=$(command -v herd7 || echo /opt/herd7/bin/herd7)
	fi
	if [ -z "$herd7" ] || [ ! -x "$herd7" ]; then
		missing "no herd7 (scripts/install-deps.sh builds it into /opt/herd7)"
	fi
}

# the kernel tree's part testcases/litmus/run.sh extracts; sets $model
extract() {
	command -v python3 >/dev/null 2>&1 || missing "no python3"
	out=$("$here/../litmus/run.sh" extract "$cache")
	st=$?
	[ $st -eq 77 ] && missing "$(echo "$out" | sed 's/^SKIP: //')"
	[ $st -eq 0 ] || fail "extracting the kernel's memory model: $out"
	model=$(echo "$out" | tail -1)
	[ -f "$model/linux-kernel.cfg" ] || fail "no linux-kernel.cfg in '$model'"
	kernel=$(cd "$model/../.." && pwd)
}

# herd7 on FILE... from the model's directory: each gives its "Result:"
# line, or fail naming WHAT and the ones that do not
herd_results() {
	what=$1
	shift
	obs=$(cd "$model" && printf '%s\0' "$@" |
		xargs -0 "$herd7" -conf linux-kernel.cfg 2>&1 | grep '^Observation ')
	bad=""
	for f in "$@"; do
		name=$(basename "$f" .litmus)
		want=$(sed -n 's/^ *\** *Result: *\([A-Za-z]*\).*/\1/p' "$f" | head -1)
		[ -n "$want" ] || fail "$name: no Result: line"
		got=$(echo "$obs" | awk -v n="$name" '$2 == n { print $3 }')
		[ "$got" = "$want" ] || bad="$bad
$name: herd7 says '$got', Result: $want"
	done
	[ -z "$bad" ] || fail "herd7 disagrees with the Result lines of $what:$bad"
}

case $mode in
table | update | kernel-herd | rules-herd)
	herd_mode=1
	;;
esac

case $mode in
table | update)
	find_herd7
	extract
	t0=$(date +%s)
	if [ "$mode" = update ]; then
		python3 "$gen" --herd7 "$herd7" --lkmm-dir "$model" -o "$def" ||
			fail "gen-verdicts.py failed"
		echo "wrote $def in $(($(date +%s) - t0)) s"
	else
		python3 "$gen" --herd7 "$herd7" --lkmm-dir "$model" --check "$def" ||
			fail "$def is not what herd7 says (run.sh update CACHE rewrites it)"
		echo "ok: $def is what herd7 says ($(($(date +%s) - t0)) s)"
	fi
	;;
kernel)
	extract
	python3 "$here/kernel_check.py" "$def" "$kernel" || fail "see above"
	;;
kernel-herd)
	find_herd7
	extract
	files=$(ls "$model"/litmus-tests/*.litmus "$kernel"/Documentation/litmus-tests/*/*.litmus)
	n=$(echo "$files" | grep -c .)
	[ "$n" -ge 30 ] || fail "only $n kernel litmus tests"
	# shellcheck disable=SC2086 # the paths have no blanks
	herd_results "the kernel's litmus tests" $files
	echo "ok: herd7 gives the Result: line of all $n kernel litmus tests"
	;;
rules-herd)
	find_herd7
	extract
	set -- "$root"/testcases/*/*.litmus
	[ -f "$1" ] || fail "no testcases/*/*.litmus"
	out=$(python3 "$here/../litmus/litmus_check.py" --def "$model/linux-kernel.def" "$@" 2>&1) ||
		fail "litmus_check.py rejects rule litmus tests:
$out"
	herd_results "the rules' litmus tests" "$@"
	echo "ok: herd7 gives the Result: line of all $# litmus tests of testcases/*/"
	;;
parse)
	extract
	tmp=$(mktemp -d) || fail "mktemp"
	trap 'rm -rf "$tmp"' EXIT
	python3 "$gen" --tests-only --litmus-dir "$tmp" >/dev/null || fail "gen-verdicts.py --tests-only failed"
	n=$(find "$tmp" -name '*.litmus' | wc -l)
	out=$(find "$tmp" -name '*.litmus' | sort | tr '\n' '\0' |
		xargs -0 python3 "$here/../litmus/litmus_check.py" --def "$model/linux-kernel.def" 2>&1) ||
		fail "litmus_check.py rejects generated tests:
$out"
	rows=$(grep -c '^VERDICT(' "$def")
	[ "$n" -eq "$rows" ] || fail "$n tests written, $rows rows in $def"
	echo "ok: litmus_check.py accepts all $n generated tests"
	;;
compile)
	cc=${CC:-cc}
	command -v "$cc" >/dev/null 2>&1 || { echo "SKIP: no C compiler"; exit 77; }
	tmp=$(mktemp -d) || fail "mktemp"
	trap 'rm -rf "$tmp"' EXIT
	rows=$(grep -c '^VERDICT(' "$def")
	cat >"$tmp/t.c" <<EOF
#include <stdio.h>
#include <string.h>
struct row { const char *model, *shape, *k0, *k1; int allowed; const char *name; };
#define ALLOWED 1
#define FORBIDDEN 0
static const struct row rows[] = {
#define VERDICT(m, s, k0, k1, v, n) { #m, #s, #k0, #k1, v, n },
#include "$def"
#undef VERDICT
};
_Static_assert(sizeof rows / sizeof rows[0] == $rows, "row count");
int main(void)
{
	unsigned i, j, n = sizeof rows / sizeof rows[0];

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (!strcmp(rows[i].model, rows[j].model) &&
			    (!strcmp(rows[i].name, rows[j].name) ||
			     (!strcmp(rows[i].shape, rows[j].shape) &&
			      !strcmp(rows[i].k0, rows[j].k0) &&
			      !strcmp(rows[i].k1, rows[j].k1)))) {
				printf("duplicate: %s %s\n", rows[i].model, rows[i].name);
				return 1;
			}
	printf("%u rows\n", n);
	return 0;
}
EOF
	"$cc" -std=c11 -Wall -Wextra -Werror -o "$tmp/t" "$tmp/t.c" || fail "the table does not compile"
	out=$("$tmp/t") || fail "$out"
	echo "ok: $def compiles, $out, no duplicates"
	;;
*)
	echo "usage: run.sh table|update|kernel|kernel-herd|parse|compile CACHE" >&2
	exit 2
	;;
esac
exit 0
