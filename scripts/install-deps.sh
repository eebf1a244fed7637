#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Debian 12 packages ordercheck needs to build and to run every test.
# liburcu-dev, libck-dev, libdpdk-dev and pkg-config: the userspace
# dialects' testcases (their real headers) and repros
# (testcases/*/repro-<dialect>.c, built with `pkg-config` and run).
# ripgrep: rules/run-tree.sh's token pass (grep when it is missing).
# libc6-dev-arm64-cross: show-codegen.sh compiles the repros for arm64.
# groff-base: testcases/install renders the man page the build writes.
set -eu
pkgs="build-essential cmake libclang-dev clang llvm coccinelle sparse
      diffutils python3 gcc-aarch64-linux-gnu git libsqlite3-dev sqlite3
      libjansson-dev libclang-rt-14-dev
      linux-source-6.1 lld flex bison bc libelf-dev libssl-dev xz-utils
      clangd neovim python3-yaml chromium libc6-dev-arm64-cross
      liburcu-dev libck-dev libdpdk-dev pkg-config ripgrep groff-base"
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

# herd7, the memory-model simulator the verdict table and the herd7 tests
# run (Debian has no package): built from the herdtools7 source in
# ../shared/tools/herd7, beside the repository (where CI puts a copy of
# shared/), into /opt/herd7. Once: an up-to-date /opt/herd7 is left as it
# is (build.sh compares a hash of its source with the one it built from).
herd7_build=$(cd "$(dirname "$0")/.." && pwd)/../shared/tools/herd7/build.sh
if [ -f "$herd7_build" ]; then
	sh "$herd7_build" /opt/herd7
elif [ -x /opt/herd7/bin/herd7 ]; then
	echo "install-deps: herd7: /opt/herd7/bin/herd7"
else
	echo "install-deps: no $herd7_build: herd7 not built; its tests will be" \
		"skipped (cmake -DORDERCHECK_REQUIRE_HERD7=ON: they fail)" >&2
fi
