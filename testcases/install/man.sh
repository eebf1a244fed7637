#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# man.sh BUILD_DIR: cmake --install puts ordercheck(1) in
# share/man/man1, groff renders it without a warning, and it names every
# option of --help and every rule of --list-rules (packaging/manpage.sh
# writes it from them at build time).
set -u
build=$1
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
need groff
tmp_dir
run cmake --install "$build" --prefix "$tmp/prefix"
expect_status 0
page=$tmp/prefix/share/man/man1/ordercheck.1
oc=$tmp/prefix/bin/ordercheck
[ -f "$page" ] || fail "no $page; installed: $(cd "$tmp/prefix" && find . -type f | head -20)"
# a shell's echo turns \f into a form feed: roff escapes survive as typed
ctl=$(printf '[\001-\010\013-\037]')
LC_ALL=C grep -n "$ctl" "$page" && fail "control characters in $page"
run groff -man -Tutf8 -ww -z "$page"
[ -z "$err$out" ] || fail "groff warns: $err"
# one long line a paragraph, no hyphenation: words are whole
groff -man -Tutf8 -rLL=1000n -P-cbou "$page" >"$tmp/text" 2>/dev/null ||
	fail "groff cannot render $page"
"$oc" --help | sed -n 's/^  \(-[^ ]*\).*/\1/p' >"$tmp/options"
"$oc" --list-rules | awk '/^  [a-z]/ { print $1 }' >"$tmp/rules"
if [ ! -s "$tmp/options" ] || [ ! -s "$tmp/rules" ]; then
	fail "no options or rules listed"
fi
cat "$tmp/options" "$tmp/rules" | while read -r w; do
	grep -qF -- "$w" "$tmp/text" || echo "$w"
done >"$tmp/missing"
[ -s "$tmp/missing" ] && fail "the man page lacks: $(cat "$tmp/missing")"
for s in NAME SYNOPSIS OPTIONS "EXIT STATUS" RULES FILES; do
	grep -q "^$s" "$tmp/text" || fail "the man page has no $s section"
done
echo "ok: ordercheck(1): $(wc -l <"$tmp/options") options, $(wc -l <"$tmp/rules") rules"
exit 0
