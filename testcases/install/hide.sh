# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# from_prefix PREFIX: from-prefix.sh's runs of PREFIX/bin/ordercheck, in a
# private mount namespace with an empty tmpfs over the source tree ($root)
# and the build tree ($build): unreachable, not just unused, so any path
# baked in at build time, absolute or through the build tree's links,
# finds nothing. Looking for the source path in the binary (strings)
# would prove less: a Debug binary carries it in its debug info and
# assert()s anyway. Sourced by run.sh and deb.sh after lib.sh and
# tmp_dir; $tmp must lie outside both trees.
# shellcheck disable=SC2154 # root, build, here, tmp: the sourcing script's

# root: unshare -m; anyone else: a user namespace of their own (-r)
mount_ns() {
	for _how in "unshare -m" "unshare -rm"; do
		if $_how true 2>/dev/null; then
			echo "$_how"
			return
		fi
	done
}

from_prefix() {
	case $tmp/ in
	"$root"/* | "$build"/*) fail "TMPDIR ($tmp) is inside a tree to hide" ;;
	esac
	ns=$(mount_ns)
	[ -n "$ns" ] || fail "no mount namespace (unshare -m, unshare -rm) to hide the trees in"
	mkdir -p "$tmp/work"
	cp "$root/testcases/mb-after-atomic/bad.c" "$tmp/work/a.c"
	cp "$here/from-prefix.sh" "$tmp/from-prefix.sh"
	# shellcheck disable=SC2012 # names of ours, no blanks
	ls "$root"/rules/*.cocci | wc -l >"$tmp/cocci-rules"
	hidden="$root"
	case $build/ in
	"$root"/*) ;;
	*) hidden="$hidden $build" ;;
	esac
	# shellcheck disable=SC2016,SC2086 # the inner shell's; hidden: words
	$ns sh -c 'set -e; s=$1; p=$2; shift 2
		for d in "$@"; do
			mount -t tmpfs -o size=64k,mode=0755 oc-hidden "$d"
			[ -z "$(ls -A "$d")" ]
		done
		exec sh "$s" "$p"' hide "$tmp/from-prefix.sh" "$1" $hidden \
		>"$tmp/log" 2>&1
	_st=$?
	cat "$tmp/log"
	[ $_st -eq 0 ] || fail "from $1, with $hidden hidden (exit $_st)"
}
