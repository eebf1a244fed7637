#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run.sh BUILD_DIR: ordercheck installed (cmake --install into a scratch
# prefix) works with the clone gone: every output format, the model header,
# --with-cocci's rules, the html report's rule pages and kbuild mode, all
# run from the prefix (from-prefix.sh) while the source tree and the build
# tree are unreachable (hide.sh says how, and why that proves it).
# from-prefix.sh then takes the prefix's share/ordercheck away and expects
# the same run to fail: the files were read from the prefix.
set -u
build=$1
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
# shellcheck source=SCRIPTDIR/hide.sh
. "$here/hide.sh"
need make spatch unshare
tmp_dir
build=$(cd "$build" && pwd)

run cmake --install "$build" --prefix "$tmp/prefix"
expect_status 0
from_prefix "$tmp/prefix"
exit 0
