#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The second README command: every test (fast and slow: make check-all), in
# a -Werror build and again in an AddressSanitizer + UBSan build (both
# -DORDERCHECK_WERROR=ON, off by default for users). Run
# scripts/install-deps.sh first. Arguments go to both cmake configure steps
# (.ci/run passes -DORDERCHECK_REQUIRE_HERD7=ON: the herd7 tests fail
# without herd7). A skipped test fails the run unless
# testcases/skips-allowed says why it may skip (testcases/harness/skips.py).
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DORDERCHECK_WERROR=ON "$@"
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs" --output-junit ctest.xml)
python3 testcases/harness/skips.py build/ctest.xml
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DORDERCHECK_SANITIZE=ON -DORDERCHECK_WERROR=ON "$@"
cmake --build build-asan -j"$jobs"
# libclang itself is not instrumented; leaks are reported, not ignored
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	ctest --output-on-failure -j"$jobs" --output-junit ctest.xml)
python3 testcases/harness/skips.py build-asan/ctest.xml
