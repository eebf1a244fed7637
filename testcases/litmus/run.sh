#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run.sh MODE CACHE [FILE...]: litmus_check.py, against Linux 6.1's litmus
# tests and linux-kernel.def, taken from the linux-source-6.1 tarball
# ($TARBALL, default /usr/src/linux-source-6.1.tar.xz). Only
# tools/memory-model/ and Documentation/litmus-tests/ are extracted, into
# CACHE, once (later runs reuse them; a changed tarball is extracted again).
#   corpus        every .litmus file of the two directories passes
#   negative      each testcases/litmus/bad/*.litmus fails with exactly one
#                 error, on the line and with the text its
#                 "(* expect: LINE: TEXT *)" comment says; usage errors exit 2
#   good          testcases/litmus/good/*.litmus (C11 and the forms the
#                 corpus does not use) pass
#   file FILE...  check FILEs against the extracted linux-kernel.def (for
#                 other tests); litmus_check.py's output and status
#   extract       only extract; the last line printed is the path of the
#                 extracted tools/memory-model (for other tests: herd7's
#                 -conf linux-kernel.cfg runs there)
# Exit 0 pass, 1 fail (with the reason), 77 skipped: no tarball.
set -u
mode=${1:-}
cache=${2:-}
if [ -z "$mode" ] || [ -z "$cache" ]; then
	echo "usage: run.sh corpus|negative|good|file|extract CACHE [FILE...]" >&2
	exit 2
fi
shift 2
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
tarball=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
top=linux-source-6.1

check() {
	python3 "$here/litmus_check.py" "$@"
}

[ -f "$tarball" ] || skip "no $tarball (apt-get install linux-source-6.1)"
need python3
mkdir -p "$cache" || fail "cannot create $cache"
cache=$(cd "$cache" && pwd)
tree=$cache/$top
stamp=$cache/.extracted
want=$(stat -c '%s %Y' "$tarball")

# one extraction at a time (ctest -j runs the modes together)
if command -v flock >/dev/null 2>&1; then
	exec 9>"$cache/.lock"
	flock 9
fi
if [ -f "$stamp" ] && [ "$(head -1 "$stamp")" = "$want" ] && [ -d "$tree/tools/memory-model" ]; then
	echo "reusing $tree ($(sed -n 2p "$stamp"))"
else
	rm -rf "$tree" "$cache/tmp.$$" "$stamp"
	mkdir "$cache/tmp.$$" || fail "cannot create $cache/tmp.$$"
	t0=$(date +%s.%N)
	tar -xJf "$tarball" -C "$cache/tmp.$$" --wildcards \
		"$top/tools/memory-model/*" "$top/Documentation/litmus-tests/*" ||
		fail "tar -xJf $tarball failed"
	t1=$(date +%s.%N)
	mv "$cache/tmp.$$/$top" "$tree" || fail "cannot move the extraction to $tree"
	rmdir "$cache/tmp.$$"
	took=$(echo "$t0 $t1" | awk '{ printf "%.1f", $2 - $1 }')
	printf '%s\nextracted in %s s\n' "$want" "$took" >"$stamp"
	echo "extracted tools/memory-model and Documentation/litmus-tests from $tarball in $took s"
fi
exec 9>&-
def=$tree/tools/memory-model/linux-kernel.def
[ -f "$def" ] || fail "no $def in $tarball"

case $mode in
corpus)
	list=$(find "$tree/tools/memory-model/litmus-tests" "$tree/Documentation/litmus-tests" \
		-name '*.litmus' | sort)
	n=$(echo "$list" | grep -c .)
	[ "$n" -ge 30 ] || fail "only $n corpus files under $tree"
	out=$(echo "$list" | tr '\n' '\0' | xargs -0 python3 "$here/litmus_check.py" --def "$def" 2>&1)
	st=$?
	[ $st -eq 0 ] || fail "litmus_check.py rejects corpus files (exit $st):
$out"
	echo "ok: $n corpus files parsed and checked"
	;;
negative)
	n=0
	for f in "$here"/bad/*.litmus; do
		exp=$(sed -n 's/.*(\* expect: \([0-9][0-9]*\): \(.*\) \*).*/\1|\2/p' "$f" | head -1)
		[ -n "$exp" ] || fail "$f has no (* expect: LINE: TEXT *) comment"
		line=${exp%%|*}
		text=${exp#*|}
		out=$(check --def "$def" "$f" 2>&1)
		st=$?
		[ $st -eq 1 ] || fail "$f: exit $st, want 1; output: $out"
		errs=$(echo "$out" | grep -c ': error: ')
		[ "$errs" -eq 1 ] || fail "$f: $errs errors, want exactly 1:
$out"
		echo "$out" | grep -qF "$f:$line: error: " || fail "$f: error not on line $line: $out"
		echo "$out" | grep -qF -- "$text" || fail "$f: error lacks '$text': $out"
		n=$((n + 1))
	done
	[ "$n" -ge 10 ] || fail "only $n negative files"
	# usage: no file, unknown option, unreadable def: 2; good and bad together: 1
	check >/dev/null 2>&1; st=$?
	[ $st -eq 2 ] || fail "no FILE: exit $st, want 2"
	check --frobnicate "$here/good/forall.litmus" >/dev/null 2>&1; st=$?
	[ $st -eq 2 ] || fail "unknown option: exit $st, want 2"
	check --def "$cache/no-such.def" "$here/good/forall.litmus" >/dev/null 2>&1; st=$?
	[ $st -eq 2 ] || fail "missing --def file: exit $st, want 2"
	check --def "$def" "$here/good/forall.litmus" "$here/bad/missing-semicolon.litmus" >/dev/null 2>&1; st=$?
	[ $st -eq 1 ] || fail "a good and a bad file: exit $st, want 1"
	echo "ok: $n negative files, each rejected with the expected error; usage errors exit 2"
	;;
good)
	out=$(check --def "$def" "$here"/good/*.litmus 2>&1)
	st=$?
	[ $st -eq 0 ] || fail "litmus_check.py rejects good files (exit $st): $out"
	# and without a def at hand, against the built-in copy of 6.1's list
	tmp=$(mktemp -d) || fail "mktemp"
	cp "$here"/good/*.litmus "$tmp"/
	out=$(cd "$tmp" && ORDERCHECK_LKMM_DEF='' check ./*.litmus 2>&1)
	st=$?
	rm -rf "$tmp"
	[ $st -eq 0 ] || fail "without --def (exit $st): $out"
	echo "$out" | grep -q "no linux-kernel.def given or found" || fail "no note about the missing def: $out"
	n=$(find "$here/good" -name '*.litmus' | wc -l)
	echo "ok: $n good files pass, with and without --def"
	;;
file)
	[ $# -gt 0 ] || fail "file: no FILE"
	check --def "$def" "$@"
	exit $?
	;;
extract)
	echo "$tree/tools/memory-model"
	;;
*)
	echo "usage: run.sh corpus|negative|good|file|extract CACHE [FILE...]" >&2
	exit 2
	;;
esac
exit 0
