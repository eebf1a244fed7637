#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run.sh BUILD_DIR: ordercheck installed (cmake --install into a scratch
# prefix) works with the clone gone: every output format, the model header,
# --with-cocci's rules, the html report's rule pages and kbuild mode, all
# run from the prefix (from-prefix.sh) while the source tree and the build
# tree are unreachable.
#
# Unreachable, not just unused: the runs happen in a private mount
# namespace with an empty tmpfs mounted over both trees, so any path baked
# in at build time, absolute or through the build tree's links, finds
# nothing; looking for the source path in the binary (strings) proves
# less, as a Debug binary carries it in its debug info and assert()s
# anyway. from-prefix.sh then takes the prefix's share/ordercheck away and
# expects the same run to fail: the files were read from the prefix.
set -u
build=$1
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
need make spatch unshare
tmp_dir
build=$(cd "$build" && pwd)
case $tmp/ in
"$root"/* | "$build"/*) fail "TMPDIR ($tmp) is inside the tree to hide" ;;
esac

run cmake --install "$build" --prefix "$tmp/prefix"
expect_status 0

mkdir "$tmp/work"
cp "$root/testcases/mb-after-atomic/bad.c" "$tmp/work/a.c"
cp "$here/from-prefix.sh" "$tmp/from-prefix.sh"
# shellcheck disable=SC2012 # names of ours, no blanks
ls "$root"/rules/*.cocci | wc -l >"$tmp/cocci-rules"

# root: unshare -m; anyone else: a user namespace of their own (-r)
ns=
for how in "unshare -m" "unshare -rm"; do
	if $how true 2>/dev/null; then
		ns=$how
		break
	fi
done
[ -n "$ns" ] || fail "no mount namespace (unshare -m, unshare -rm) to hide the trees in"
hidden="$root"
case $build/ in
"$root"/*) ;;
*) hidden="$hidden $build" ;;
esac
# shellcheck disable=SC2016,SC2086 # expanded by the inner shell; hidden: words
$ns sh -c 'set -e; s=$1; shift
	for d in "$@"; do
		mount -t tmpfs -o size=64k,mode=0755 oc-hidden "$d"
		[ -z "$(ls -A "$d")" ]
	done
	exec sh "$s"' hide "$tmp/from-prefix.sh" $hidden \
	>"$tmp/log" 2>&1
st=$?
cat "$tmp/log"
[ $st -eq 0 ] || fail "from the prefix, with $hidden hidden (exit $st)"
exit 0
