#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# run-repro.sh - build one testcases/<id>/repro.c twice (bad: as written;
# fixed: -DFIXED) against the harness, run both, and print their output
# under a header line naming the variant.
#
# usage: run-repro.sh testcases/<id>/repro[-<dialect>].c [build-dir]
#   build-dir defaults to $TMPDIR (or /tmp); binaries go to
#   <build-dir>/<id>[-<dialect>]-bad and ...-fixed.
#   CC (default gcc), REPRO_ITERATIONS and REPRO_SECONDS are honoured.
#
# A dialect's repro (repro-urcu.c, ...) runs that library's primitives: a
# line "// repro-pkg: NAME [pkg-config options]" adds what
# `pkg-config OPTIONS NAME` prints (default --cflags --libs) to the
# build. Without the package it is skipped: exit 0, or $REPRO_SKIP_STATUS
# when set (the test suite's 77).
#
# Exit status: 0 when both variants built and ran, whatever they measured;
# 1 on a build or run failure; 2 on bad usage.
set -u

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 testcases/<id>/repro[-<dialect>].c [build-dir]" >&2
	exit 2
fi
repro=$1
builddir=${2:-${TMPDIR:-/tmp}}
harness=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-gcc}
cflags="-O2 -Wall -Wextra -Werror -std=gnu11 -pthread"

if [ ! -f "$repro" ]; then
	echo "$0: no such file: $repro" >&2
	exit 2
fi
id=$(basename "$(cd "$(dirname "$repro")" && pwd)")
base=$(basename "$repro" .c)
case $base in
repro-*) id=$id-${base#repro-} ;;
esac
mkdir -p "$builddir" || exit 1

# the dialect's library: "// repro-pkg: NAME [options]" lines
pkgflags=
while read -r _ _ pkg opts; do
	[ -n "$pkg" ] || continue
	# $opts is split on purpose: pkg-config options
	# shellcheck disable=SC2086
	if ! flags=$(pkg-config ${opts:---cflags --libs} "$pkg" 2>/dev/null); then
		echo "run-repro: $id: skipped, pkg-config knows no $pkg" \
			"(scripts/install-deps.sh installs it)"
		exit "${REPRO_SKIP_STATUS:-0}"
	fi
	# shellcheck disable=SC2086 # one space between flags
	pkgflags="$pkgflags $(echo $flags)"
done <<EOF_PKGS
$(grep '^// repro-pkg:' "$repro")
EOF_PKGS

status=0
for variant in bad fixed; do
	def=
	[ "$variant" = fixed ] && def=-DFIXED
	bin=$builddir/$id-$variant
	cmd="$cc $cflags $def -I$harness $repro $harness/harness.c -o $bin$pkgflags"
	echo "==== $id: $variant ($cc $cflags${def:+ $def}${pkgflags}) ===="
	# $cmd is split on purpose: flags and paths without spaces.
	if ! $cmd; then
		echo "run-repro: $id ($variant): build failed" >&2
		status=1
		continue
	fi
	# A repro stops itself within seconds; a hang is a harness bug.
	timeout 300 "$bin"
	rc=$?
	if [ $rc -eq 124 ]; then
		echo "run-repro: $id ($variant): killed after 300 s" >&2
		status=1
	elif [ $rc -ne 0 ]; then
		echo "run-repro: $id ($variant): exited with status $rc" >&2
		status=1
	fi
	echo
done
exit $status
