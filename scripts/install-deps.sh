#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Debian 12 packages ordercheck needs to build and to run every test.
set -eu
pkgs="build-essential cmake libclang-dev clang llvm coccinelle sparse
      diffutils python3 gcc-aarch64-linux-gnu"
as_root=""
[ "$(id -u)" -eq 0 ] || as_root="sudo"
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -q
# shellcheck disable=SC2086
$as_root apt-get install -y -q --no-install-recommends $pkgs
