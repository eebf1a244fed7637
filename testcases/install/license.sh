#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# license.sh BUILD_DIR: LICENSE is the GPL version 2 the sources name
# (SPDX-License-Identifier: GPL-2.0; testcases/shim holds third-party
# headers under their own), and cmake --install puts it, with a Debian
# copyright file, in share/doc/ordercheck.
set -u
build=$1
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
need git
tmp_dir
lic=$root/LICENSE
[ -f "$lic" ] || fail "no LICENSE"
head -3 "$lic" | tr -s ' \n' ' ' | grep -q 'GNU GENERAL PUBLIC LICENSE Version 2, June 1991' ||
	fail "LICENSE is not the GPL version 2: $(head -3 "$lic")"
gpl2=/usr/share/common-licenses/GPL-2
if [ -f "$gpl2" ]; then
	cmp -s "$lic" "$gpl2" || fail "LICENSE differs from $gpl2"
fi
others=$(git -C "$root" grep -o 'SPDX-License-Identifier: [A-Za-z0-9.+-][A-Za-z0-9.+-]*' -- . ':!testcases/shim' |
	grep -v ': GPL-2.0\(-only\)\?$')
[ -z "$others" ] || fail "sources under another licence than LICENSE's: $others"

run cmake --install "$build" --prefix "$tmp/prefix"
expect_status 0
doc=$tmp/prefix/share/doc/ordercheck
cmp -s "$lic" "$doc/LICENSE" || fail "no $doc/LICENSE"
grep -q '^License: GPL-2$' "$doc/copyright" || fail "no Debian copyright in $doc"
echo "ok: LICENSE (GPL-2.0) installed in share/doc/ordercheck"
exit 0
