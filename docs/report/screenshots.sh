#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Screenshots of an html report in headless Chromium: the summary, then one
# per rule named, showing that rule's findings (the page's #rule= filter).
#   docs/report/screenshots.sh REPORT.html OUTDIR [RULE...]
set -eu
page=$(realpath "$1")
out=$2
shift 2
mkdir -p "$out"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
shot() { # name, url fragment, height
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$profile" --window-size=1280,"$3" \
		--screenshot="$out/$1.png" "file://$page$2" 2>/dev/null
}
shot summary "" 1400
for rule in "$@"; do
	shot "$rule" "#rule=$rule&summary=0" 1600
done
ls -l "$out"
