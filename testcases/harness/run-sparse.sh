#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run-sparse.sh FILE: run sparse on a testcase that uses __rcu and check
# that sparse warns on exactly the lines where the file expects an
# ordercheck warning: none in a fixed, annotated file (the fix is then
# checked by sparse), the same lines in one that breaks the annotation.
# Run it from the repository root (ctest does). SPARSE=/path picks another.
#
# sparse gets the model header (checker/include), which turns __rcu into
# sparse's noderef address space under __CHECKER__ as the kernel's
# compiler_types.h does; -Wno-decl drops "should it be static?", which is
# about the testcase's style, not its ordering.
#
# Exit status: 0 the lines agree, 1 they do not, 2 bad usage or no sparse.
sparse=${SPARSE:-sparse}
file=$1
if [ $# -ne 1 ] || [ ! -f "$file" ]; then
	echo "usage: $0 FILE (from the repository root)" >&2
	exit 2
fi
if ! command -v "$sparse" >/dev/null 2>&1; then
	echo "$0: $sparse not found" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$sparse" -Wno-decl -I checker/include "$file" >"$tmp/out" 2>&1
rc=$?
if [ $rc -ne 0 ] && ! grep -q ': warning:' "$tmp/out"; then
	echo "$0: sparse failed on $file (status $rc):" >&2
	cat "$tmp/out" >&2
	exit 2
fi
grep -E "^[^:]+:[0-9]+:[0-9]+: (warning|error):" "$tmp/out" |
	cut -d: -f2 | sort -un >"$tmp/sparse"
grep -nE "expect-(warning|remark)\[" "$file" | cut -d: -f1 | sort -un >"$tmp/expected"
if ! cmp -s "$tmp/sparse" "$tmp/expected"; then
	echo "FAIL: sparse warns on lines [$(tr '\n' ' ' <"$tmp/sparse")]" \
		"of $file, ordercheck expects [$(tr '\n' ' ' <"$tmp/expected")]" >&2
	cat "$tmp/out" >&2
	exit 1
fi
echo "ok: sparse on $file warns on lines [$(tr '\n' ' ' <"$tmp/sparse")]"
cat "$tmp/out"
exit 0
