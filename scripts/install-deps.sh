#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Debian 12 packages ordercheck needs to build and to run every test.
set -eu
pkgs="build-essential cmake libclang-dev clang llvm coccinelle sparse
      diffutils python3 gcc-aarch64-linux-gnu git libsqlite3-dev sqlite3
      linux-source-6.1 lld flex bison bc libelf-dev libssl-dev xz-utils
      clangd neovim python3-yaml"
as_root=""
[ "$(id -u)" -eq 0 ] || as_root="sudo"
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -q
# shellcheck disable=SC2086
$as_root apt-get install -y -q --no-install-recommends $pkgs

# Microsoft's SARIF validator (npm registry), for the SARIF tests:
# /opt/sarif/node_modules/.bin/sarif-multitool. npm is not in the list above
# because these machines carry nodesource's nodejs, which conflicts with
# Debian's npm package; it is installed only where it is missing. The
# validator's postinstall step only makes the bundled binary executable; npm
# may skip it, so do it here.
if command -v npm >/dev/null 2>&1 || $as_root apt-get install -y -q npm; then
	$as_root mkdir -p /opt/sarif
	$as_root npm install --prefix /opt/sarif --no-audit --no-fund -q \
		@microsoft/sarif-multitool@5.7.0 ||
		echo "install-deps: no SARIF validator; its tests will be skipped" >&2
	$as_root chmod u+x /opt/sarif/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool 2>/dev/null || true
fi
