#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-repro.sh - a dialect's repro as a test: build and run it, bad and
# fixed, through run-repro.sh, briefly (REPRO_ITERATIONS, default 20000;
# REPRO_SECONDS, default 3 per variant), and pass when the fixed build
# never showed the outcome its code forbids. The bad build's count is
# reported, not required: a short run on a busy machine may miss it, and
# a weakly ordered CPU may show what x86 cannot.
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
echo "check-repro: bad:   ${bad#verdict:   }"
echo "check-repro: fixed: ${fixed#verdict:   }"
