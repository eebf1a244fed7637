#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-repro.sh - a dialect's repro as a test: build and run it, bad and
# fixed, through run-repro.sh, briefly (REPRO_ITERATIONS, default 20000;
# REPRO_SECONDS, default 3 per variant), and pass when the fixed build
# never showed the outcome its code forbids and the bad build showed it
# where this CPU can: the repro's "// repro-shows: outcome" (a dialect's
# repro: its rule's repro.c's), a run on x86-64, the threads pinned. A
# bad run that missed it is run again, longer (REPRO_RETRY_ITERATIONS,
# default 200000; REPRO_RETRY_SECONDS, default 10), before it fails.
# Elsewhere the bad build's count is reported, not required, and the
# test says why.
#
# usage: check-repro.sh testcases/<id>/repro-<dialect>.c [build-dir]
# Exit status (ctest): 0 pass, 1 fail, 77 skipped (the dialect's library
# is not installed: scripts/install-deps.sh).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

[ $# -ge 1 ] || fail "usage: $0 testcases/<id>/repro-<dialect>.c [build-dir]"
need pkg-config "${CC:-gcc}"
tmp_dir
builddir=${2:-$tmp}
run env REPRO_ITERATIONS="${REPRO_ITERATIONS:-20000}" \
	REPRO_SECONDS="${REPRO_SECONDS:-3}" REPRO_SKIP_STATUS=77 \
	bash "$here/run-repro.sh" "$1" "$builddir"
echo "$out"
[ -n "$err" ] && echo "$err"
[ "$status" -eq 77 ] && skip "$(echo "$out" | tail -n 1)"
expect_status 0

# the verdict lines of the two runs, in order: bad, then fixed
bad=$(echo "$out" | sed -n '/^==== .*: bad /,/^==== /p' | grep '^verdict:')
fixed=$(echo "$out" | sed -n '/^==== .*: fixed /,$p' | grep '^verdict:')
[ -n "$bad" ] && [ -n "$fixed" ] || fail "a run printed no verdict"
case $fixed in
"verdict:   not observed in 0 iterations"*)
	fail "the fixed build ran no iteration" ;;
"verdict:   not observed in "*) ;;
*) fail "the fixed build showed the forbidden outcome: $fixed" ;;
esac

# the bad build: where this CPU can show the outcome, it must
shows=$(sed -n 's#^// repro-shows: *\([a-z0-9]*\).*#\1#p' "$1" | head -n 1)
[ -n "$shows" ] || shows=$(sed -n 's#^// repro-shows: *\([a-z0-9]*\).*#\1#p' \
	"$(dirname "$1")/repro.c" 2>/dev/null | head -n 1)
[ -n "$shows" ] || fail "no // repro-shows: line in $1 or its rule's repro.c"
badrun=$(echo "$out" | sed -n '/^==== .*: bad /,/^==== /p')
arch=$(echo "$badrun" | sed -n 's/^arch: *//p')
why=
if [ "$shows" != outcome ]; then
	why="repro-shows: $shows: a run on x86-64 does not show the outcome"
elif [ "$arch" != x86-64 ]; then
	why="repro-shows: outcome is said of x86-64, this CPU is ${arch:-unknown}"
elif echo "$badrun" | grep -q '^test: .*, unpinned'; then
	why="its threads ran unpinned (too few usable CPUs) and rarely overlap"
fi
if [ -z "$why" ]; then
	case $bad in
	"verdict:   observed "*) ;;
	*)
		id=$(echo "$out" | sed -n 's/^==== \(.*\): bad (.*/\1/p')
		echo "check-repro: the bad build missed the outcome; once more, longer"
		again=$(REPRO_ITERATIONS="${REPRO_RETRY_ITERATIONS:-200000}" \
			REPRO_SECONDS="${REPRO_RETRY_SECONDS:-10}" "$builddir/$id-bad")
		echo "$again"
		bad=$(echo "$again" | grep '^verdict:')
		case $bad in
		"verdict:   observed "*) ;;
		*) fail "the bad build did not show the outcome this CPU can show (repro-shows: outcome, $arch): $bad" ;;
		esac
		;;
	esac
fi
echo "check-repro: bad:   ${bad#verdict:   }"
echo "check-repro: fixed: ${fixed#verdict:   }"
if [ -n "$why" ]; then
	echo "check-repro: the bad build's outcome is not required here: $why"
else
	echo "check-repro: the bad build's outcome is required here (repro-shows: outcome, $arch), and shown"
fi
