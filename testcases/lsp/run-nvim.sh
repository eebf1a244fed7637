#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run-nvim.sh ORDERCHECK: Neovim's own LSP client, headless, against
# `ordercheck lsp` and, when clangd is there, `ordercheck lsp --wrap
# clangd` (nvim-test.lua says what it checks). 77: no nvim, skipped.
set -u
oc=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
command -v nvim >/dev/null 2>&1 || { echo "SKIP: no nvim"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
modes=plain
command -v clangd >/dev/null 2>&1 && modes="plain wrap"
for mode in $modes; do
	dir=$tmp/$mode
	mkdir -p "$dir"
	cp "$root/testcases/mb-after-atomic/bad.c" "$dir/a.c"
	# clangd must still be heard: an error of its own
	[ "$mode" = wrap ] && printf '\nint broken(void) { return nowhere; }\n' >>"$dir/a.c"
	cat >"$dir/compile_commands.json" <<JSON
[{"directory": "$dir", "file": "a.c",
  "arguments": ["cc", "-std=gnu11", "-I$root/checker/include", "-c", "a.c"]}]
JSON
	# a timeout of our own: a hung editor must fail, not stall ctest
	out=$(cd "$dir" && ORDERCHECK=$oc OC_FILE=$dir/a.c OC_MODE=$mode \
		OC_NVIM_MODULE=$root/integration/editors/neovim/ordercheck.lua \
		timeout 240 nvim --headless --clean -n -i NONE \
		-c "luafile $here/nvim-test.lua" 2>&1)
	status=$?
	echo "$out"
	[ "$status" -eq 0 ] || { echo "FAIL: nvim ($mode) exited $status"; exit 1; }
	echo "$out" | grep -q "^PASS" || { echo "FAIL: nvim ($mode) said no PASS"; exit 1; }
done
exit 0
