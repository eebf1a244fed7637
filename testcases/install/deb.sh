#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# deb.sh BUILD_DIR: cpack -G DEB makes a package of the build, dpkg
# installs it, and the installed ordercheck passes from-prefix.sh's runs
# (every format, --with-cocci, kbuild mode) with the source and build trees
# hidden (hide.sh); dpkg then removes it, leaving nothing behind.
#
# Where dpkg installs it: a scratch root (dpkg --root), whose package
# database is a copy of this machine's, so dpkg checks the package's
# Depends against what is really installed here, and the binary runs on
# this machine's libraries. Not a clean chroot: none can be made here
# without a network (no debootstrap, no Debian image), and one built from
# this machine's files would be no cleaner. Not dpkg -i on the machine
# itself: a test must not install into the system it shares.
set -u
build=$1
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
# shellcheck source=SCRIPTDIR/hide.sh
. "$here/hide.sh"
need cpack dpkg dpkg-deb dpkg-shlibdeps make spatch unshare
[ -f /var/lib/dpkg/status ] || skip "no dpkg database: not a Debian system"
tmp_dir
build=$(cd "$build" && pwd)

[ -f "$build/CPackConfig.cmake" ] || fail "no $build/CPackConfig.cmake: no cpack configuration"
run cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/pkg"
expect_status 0
deb=$(ls "$tmp"/pkg/*.deb 2>/dev/null)
[ -f "$deb" ] || fail "cpack made no .deb: $out"

# what it says it needs: every package whose library the binary links
# (dpkg-shlibdeps' word), and clang's builtin headers; and what it holds
dpkg-deb -f "$deb" Package Depends >"$tmp/fields"
grep -q '^Package: ordercheck$' "$tmp/fields" || fail "not package ordercheck: $(cat "$tmp/fields")"
mkdir -p "$tmp/shl/debian" && : >"$tmp/shl/debian/control"
(cd "$tmp/shl" && dpkg-shlibdeps -O "$build/bin/ordercheck" 2>/dev/null) >"$tmp/shlibs" ||
	fail "dpkg-shlibdeps failed on $build/bin/ordercheck"
# (a sanitizer build's runtimes aside: such a build is never shipped)
for d in $(sed 's/^shlibs:Depends=//; s/([^)]*)//g; s/[,|]/ /g' "$tmp/shlibs" |
	tr ' ' '\n' | grep -v '^lib\(a\|ub\)san') libclang-common-; do
	grep -q "^Depends: .*$d" "$tmp/fields" || fail "Depends lacks $d: $(cat "$tmp/fields")"
done
dpkg-deb -c "$deb" | awk '{ print $6 }' >"$tmp/contents"
for f in ./usr/bin/ordercheck ./usr/share/ordercheck/include/ordercheck/linux.h \
	./usr/share/ordercheck/cocci/mb-after-atomic.cocci \
	./usr/share/ordercheck/rules/mb-after-atomic/README.md \
	./usr/share/man/man1/ordercheck.1 ./usr/share/doc/ordercheck/copyright; do
	grep -qx "$f" "$tmp/contents" || fail "the package lacks $f"
done

r=$tmp/root
mkdir -p "$r/var/lib/dpkg/info" "$r/var/lib/dpkg/updates"
cp /var/lib/dpkg/status "$r/var/lib/dpkg/status"
: >"$r/var/lib/dpkg/available"
as=
[ "$(id -u)" -eq 0 ] || as=--force-not-root
# no maintainer scripts to chroot for; programs from this machine's PATH
run dpkg --root="$r" $as --force-script-chrootless -i "$deb"
expect_status 0
dpkg-query --admindir="$r/var/lib/dpkg" -W -f='${Status}\n' ordercheck |
	grep -q '^install ok installed$' || fail "dpkg did not install it: $out $err"
echo "ok: $(basename "$deb"): $(grep '^Depends' "$tmp/fields")"

from_prefix "$r/usr"

run dpkg --root="$r" $as --force-script-chrootless --purge ordercheck
expect_status 0
left=$(cd "$r" && find . -path ./var -prune -o ! -type d -print)
[ -z "$left" ] || fail "dpkg --purge left files: $left"
echo "ok: dpkg --purge removed every file"
exit 0
