# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# The helpers every testcases/*/run.sh shares. A script sets here, its own
# directory, and sources this:
#
#	here=$(cd "$(dirname "$0")" && pwd)
#	. "$here/../harness/lib.sh"
#
# Those scripts speak ctest's language: exit 0 pass, 1 fail with the
# reason on stdout, 77 skipped (SKIP_RETURN_CODE 77: a missing tool is
# counted as a skip, never as a pass). Sets root, the checkout's top.

# shellcheck disable=SC2034,SC2154 # here is the script's; root is for it
root=$(cd "$here/../.." && pwd)

# fail REASON...: the test fails, saying why
fail() {
	echo "FAIL: $*"
	exit 1
}

# skip REASON...: something the test needs is not on this machine
skip() {
	echo "SKIP: $*"
	exit 77
}

# need TOOL...: skip unless every TOOL is on PATH
need() {
	for _tool in "$@"; do
		command -v "$_tool" >/dev/null 2>&1 || skip "no $_tool"
	done
}

# tmp_dir: $tmp, a scratch directory removed when the script exits
tmp_dir() {
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
}

# run CMD...: sets $status, $out (stdout) and $err (stderr), also kept in
# $tmp/out and $tmp/err; a failing CMD does not end a set -e script
run() {
	status=0
	"$@" >"$tmp/out" 2>"$tmp/err" || status=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}

# expect_status N: the last run exited with N
expect_status() {
	[ "$status" -eq "$1" ] ||
		fail "exit status $status, want $1; stderr: $err; stdout: $(printf '%s' "$out" | head -c 2000)"
}

# expect_out PATTERN, expect_err PATTERN: the last run's stdout (stderr)
# has a line matching the grep PATTERN
expect_out() {
	echo "$out" | grep -q -- "$1" || fail "stdout lacks '$1': $out"
}

expect_err() {
	echo "$err" | grep -q -- "$1" || fail "stderr lacks '$1': $err"
}
