#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# compare-output.sh EXPECTED CMD...: run CMD, compare its stdout with the
# file EXPECTED exactly, show the difference when they differ.
expected=$1
shift
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$@" >"$out"
status=$?
if [ "$status" -ge 2 ]; then
	echo "command failed with status $status: $*" >&2
	exit 1
fi
diff -u "$expected" "$out"
