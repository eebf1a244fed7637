#!/usr/bin/env bash
# bench-kernel.sh -- time ordercheck against clang -fsyntax-only, sparse and
# spatch on the same kernel/ translation units, in one run.
#
# Needs the tree made by bench/prepare-linux.sh (its compile_commands.json).
# For the first N entries (sorted by file) whose file is under $SUBDIR/, runs
# each tool once per file under /usr/bin/time -v, in the entry's directory:
#   clang -fsyntax-only  FLAGS FILE        FLAGS = the compile command minus the
#                                          compiler, -c, -o X, -Wp,-MMD,..., -MD/-MF
#   ordercheck FILE -- FLAGS               (skipped if $ORDERCHECK does not exist)
#   sparse CHECKFLAGS FLAGS FILE           CHECKFLAGS as kbuild 6.1 gives them
#   spatch -D report --very-quiet --no-includes --no-show-diff --jobs 1
#          --sp-file bench/smp_mb-next-to-atomic.cocci FILE
# then, once, `ordercheck -p LINUX -j 1 FILE...` over the whole set.
# Prints per tool: total wall and CPU (user+sys), median per-file wall and CPU,
# median and max peak RSS, and ratios to clang -fsyntax-only.
#
# Environment (all optional):
#   LINUX       kernel tree (default $ORDERCHECK_LINUX, else /work/linux-6.1)
#   COMPDB      compile database (default $LINUX/compile_commands.json)
#   SUBDIR      directory whose TUs are measured (default kernel)
#   N           number of TUs, or "all" (default 40)
#   ORDERCHECK  ordercheck binary (default /work/main/build/ordercheck)
#   TOOLS       subset of "clang ordercheck sparse spatch" (default all four)
#   WHOLE=0     skip the one-process `ordercheck -p` run
#   CLANG, SPARSE, SPATCH   tool binaries (default: compiler of the compile
#               command, sparse, spatch); SPARSE_FLAGS replaces the kbuild
#               CHECKFLAGS; SPARSE_DROP lists flag prefixes not to pass to sparse
#               (sparse 0.6.4 accepts every kernel flag, so none by default)
#   COCCI       semantic patch (default bench/smp_mb-next-to-atomic.cocci)
#   TIMEOUT     per-run timeout in seconds (default 600)
#   OUT         summary TSV (default bench/results/last.tsv); next to it go
#               <OUT>.files.tsv (per file and tool) and <OUT>.log (tool output)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
for t in python3 /usr/bin/time; do
    command -v "$t" >/dev/null || { echo "bench-kernel: missing $t (apt-get install python3 time)" >&2; exit 1; }
done
exec python3 "$here/bench_kernel.py" "$@"
