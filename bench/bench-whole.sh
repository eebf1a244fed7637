#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# bench-whole.sh: the whole kernel in one sitting (bench_whole.py): clang
# -fsyntax-only over every TU of LINUX/compile_commands.json, then
# ordercheck cold (empty store), unchanged, after a one-line edit of HEADER
# and after a one-line edit of CFILE; each run's wall time, its ratio to
# clang, peak memory (whole run and largest worker), store size, files
# parsed, pairing time and findings. The edits are undone afterwards.
#
#   bench/bench-whole.sh                        # every TU (prepare with DIRS=all)
#   N=20 bench/bench-whole.sh                   # the first 20 TUs: a quick try
#   HEADER=include/linux/wait.h bench/bench-whole.sh
#
# Environment: LINUX (default $ORDERCHECK_LINUX or /work/linux-6.1),
# COMPDB, ORDERCHECK (default build/ordercheck), CLANG, JOBS (2), N (all),
# HEADER (include/linux/kthread.h), CFILE (kernel/sched/core.c), WORK (a
# new temporary directory: the store, the reports, bench.log,
# results.json), TOOLS ("clang ordercheck"), RUNS (of ordercheck, default
# "cold unchanged header c-file"; without cold it goes on from WORK's store).
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/bench_whole.py" "$@"
