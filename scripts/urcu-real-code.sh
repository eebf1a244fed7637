#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# urcu-real-code.sh [ORDERCHECK]: ordercheck over liburcu's own code as
# installed (liburcu-dev, scripts/install-deps.sh): the static inline
# algorithms of its headers (wfcqueue, wfstack, lfstack, rculist, rcuhlist,
# rculfqueue, urcu-memb) and the example programs Debian ships in
# /usr/share/doc/liburcu-dev/examples, with and without _LGPL_SOURCE.
# Functions in system headers are not analysed, so the headers are reached
# through a directory of symbolic links given with -I. The findings are
# judged in rules/FINDINGS-urcu.md. Exit 0 when no warning (remarks do not
# fail), 1 with one, 77 without liburcu (ctest urcu-real-code skips).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
oc=${1:-$root/build/ordercheck}
hdr=$(echo '#include <urcu.h>' | cc -E -H -x c - 2>&1 >/dev/null |
	sed -n 's/^\. //p' | head -1)
if [ ! -f "$hdr" ]; then
	echo "urcu-real-code.sh: liburcu-dev is not installed" >&2
	exit 77
fi
inc=$(dirname "$hdr")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/inc"
for f in "$inc"/urcu*; do
	ln -s "$f" "$tmp/inc/"
done
cat >"$tmp/headers.c" <<'EOC'
#define _LGPL_SOURCE
#include <urcu.h>
#include <urcu/wfcqueue.h>
#include <urcu/wfstack.h>
#include <urcu/lfstack.h>
#include <urcu/rculist.h>
#include <urcu/rcuhlist.h>
#include <urcu/rculfhash.h>
#include <urcu/rculfqueue.h>
#include <urcu/call-rcu.h>
#include <urcu/ref.h>
int main(void)
{
	return 0;
}
EOC
status=0
echo "== headers"
"$oc" "$tmp/headers.c" -- -I"$tmp/inc" || status=$?
ex=/usr/share/doc/liburcu-dev/examples
if [ -d "$ex" ]; then
	for lgpl in "" -D_LGPL_SOURCE; do
		echo "== examples $lgpl"
		# shellcheck disable=SC2046
		"$oc" $(find "$ex" -name '*.c' | sort) -- -I"$tmp/inc" $lgpl ||
			status=$?
	done
fi
exit "$status"
