#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The first README command: install, build, and run ordercheck on the
# bundled real input (functions copied from Linux 6.1).
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# -Werror: a developer's set-up, configured as run-tests.sh configures the
# same build (a flag that differs would rebuild everything there)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DORDERCHECK_WERROR=ON
cmake --build build -j"$(nproc)"
echo "== ordercheck examples/linux-6.1-excerpts.c"
status=0
./build/ordercheck examples/linux-6.1-excerpts.c || status=$?
# 1 means findings, which this input has; 2 would be a real failure
[ "$status" -le 1 ]
echo "== built: ./build/ordercheck (exit status $status: findings reported)"
