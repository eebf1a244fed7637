#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# show-herd.sh - herd7's verdict on the litmus form of a repro's bad and
# fixed builds, for the outcomes this CPU cannot show: the run counts zero
# for both builds there, and herd7 (the kernel's memory model, LKMM, of
# Linux 6.1) says whether the code allows the outcome at all.
#
# usage: show-herd.sh <id> | testcases/<id>/repro.c  [cache-dir]
#   cache-dir: where testcases/litmus/run.sh extracts tools/memory-model
#   from the linux-source-6.1 tarball (default $TMPDIR or /tmp, then
#   ordercheck-litmus; the build's litmus-corpus when `make repro` runs it).
#
# The tag, one line in repro.c per build:
#   // litmus: bad|fixed <file>.litmus
# <file> is in the repro's folder.  Its "Result:" line is what
# testcases/verdicts/run.sh rules-herd (ctest) holds herd7 to; this script
# prints what herd7 says now, and whether that is the Result: line.
#
# herd7: $ORDERCHECK_HERD7 when set, else herd7 on PATH, else
# /opt/herd7/bin/herd7.  Without herd7 or the tarball it says so and exits
# 0 (skipped, as show-codegen.sh skips a compiler that is not installed).
#
# Exit status: 0 when herd7 ran on every test and gave its Result: line, or
# was skipped; 1 when herd7 failed or disagrees with a Result: line; 2 on
# bad usage.
set -u

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 <id> | testcases/<id>/repro.c [cache-dir]" >&2
	exit 2
fi
harness=$(cd "$(dirname "$0")" && pwd)
repro=$1
[ -f "$repro" ] || repro=$harness/../$1/repro.c
if [ ! -f "$repro" ]; then
	echo "$0: no such repro: $1" >&2
	exit 2
fi
dir=$(cd "$(dirname "$repro")" && pwd)
id=$(basename "$dir")
cache=${2:-${TMPDIR:-/tmp}/ordercheck-litmus}

tags=$(sed -n 's|^// litmus: *||p' "$repro")
if [ -z "$tags" ]; then
	echo "$0: $repro has no '// litmus:' line" >&2
	exit 2
fi

echo "==== $id: herd7 on the litmus form of the bad and fixed builds ===="
if [ "${ORDERCHECK_HERD7+set}" = set ]; then
	herd7=$ORDERCHECK_HERD7
else
	herd7=$(command -v herd7 || echo /opt/herd7/bin/herd7)
fi
if [ -z "$herd7" ] || [ ! -x "$herd7" ]; then
	echo "herd7:     skipped: no herd7 (scripts/install-deps.sh builds it into /opt/herd7)"
	exit 0
fi
# the kernel's model: only the tarball has it, as for the litmus tests
out=$("$harness/../litmus/run.sh" extract "$cache" 2>&1)
st=$?
if [ $st -eq 77 ]; then
	echo "herd7:     skipped: $(echo "$out" | sed -n 's/^SKIP: //p')"
	exit 0
elif [ $st -ne 0 ]; then
	echo "show-herd: $id: extracting the kernel's memory model failed: $out" >&2
	exit 1
fi
model=$(echo "$out" | tail -1)

status=0
while read -r variant file; do
	[ -n "$variant" ] || continue
	lit=$dir/$file
	if [ ! -f "$lit" ]; then
		echo "show-herd: $id: no $file in $dir" >&2
		status=1
		continue
	fi
	name=$(basename "$file" .litmus)
	want=$(sed -n 's/^ *\** *Result: *\([A-Za-z]*\).*/\1/p' "$lit" | head -1)
	cond=$(grep -m1 '^exists' "$lit")
	echo "---- $variant: $file, $cond ----"
	# herd7 finds linux-kernel.cfg's .bell, .cat and .def beside it
	if ! res=$(cd "$model" && "$herd7" -conf linux-kernel.cfg "$lit" 2>&1); then
		echo "$res"
		echo "show-herd: $id: herd7 failed on $file" >&2
		status=1
		continue
	fi
	echo "$res" | grep -E '^(States|Positive|Observation)'
	got=$(echo "$res" | awk -v n="$name" '$1 == "Observation" && $2 == n { print $3 }')
	case $got in
	Never) what="forbidden: no execution of the model reaches the outcome" ;;
	Sometimes) what="allowed: some executions of the model reach it" ;;
	Always) what="allowed: every execution of the model reaches it" ;;
	*) what="no verdict" ;;
	esac
	echo "herd7:     $variant build: $what ($got)"
	if [ "$got" != "$want" ]; then
		echo "show-herd: $id: herd7 says '$got' for $file, its Result: line '$want'" >&2
		status=1
	fi
done <<EOF
$tags
EOF
echo
exit $status
