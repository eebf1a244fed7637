#!/usr/bin/env bash
# prepare-linux.sh [DEST] -- lay out and partially build a Linux 6.1 tree for ordercheck benchmarks.
#
#   DEST   target directory (default: $ORDERCHECK_LINUX, else /work/linux-6.1)
#   DIRS   directories whose objects are built and kept in compile_commands.json
#          (default: "kernel mm fs block net"); "all" builds the whole
#          configuration (make all: vmlinux and modules) and keeps every TU
#   JOBS   make parallelism (default: $(nproc))
#   TARBALL  kernel source tarball (default: /usr/src/linux-source-6.1.tar.xz,
#            from Debian's linux-source-6.1 package)
#   FORCE=1  ignore the step markers and redo every step
#
# Every step leaves a marker in DEST/.ordercheck/ and is skipped when its marker
# exists, so the script can be re-run after an interruption. make's output goes
# to DEST/.ordercheck/logs/<step>.log; step timings are appended to
# DEST/.ordercheck/timings.tsv (step, seconds, finished-at).
set -euo pipefail

DEST=${1:-${ORDERCHECK_LINUX:-/work/linux-6.1}}
DIRS=${DIRS:-"kernel mm fs block net"}
JOBS=${JOBS:-$(nproc)}
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
FORCE=${FORCE:-0}
MAKE=(nice -n 10 make LLVM=1)

STATE="$DEST/.ordercheck"
LOGS="$STATE/logs"

log() { printf '[prepare-linux %s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

need() {
    command -v "$1" >/dev/null 2>&1 || die "missing '$1' ($2)"
}
need tar   "apt-get install tar xz-utils"
need xz    "apt-get install xz-utils"
need make  "apt-get install make"
need clang "apt-get install clang"
need ld.lld "apt-get install lld"
need llvm-ar "apt-get install llvm"
need flex  "apt-get install flex"
need bison "apt-get install bison"
need bc    "apt-get install bc"
need python3 "apt-get install python3"

fmt_secs() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

# run_step NAME DESCRIPTION CMD... : run CMD unless the marker for NAME exists.
# CMD's output goes to $LOGS/NAME.log.
run_step() {
    local name=$1 desc=$2; shift 2
    local marker="$STATE/done.$name" logf="$LOGS/$name.log"
    if [[ -e $marker && $FORCE != 1 ]]; then
        log "skip  $desc (done before: $(cat "$marker"))"
        return 0
    fi
    log "start $desc  (log: $logf)"
    local t0 t1 rc=0
    t0=$(date +%s)
    "$@" >"$logf" 2>&1 || rc=$?
    t1=$(date +%s)
    if [[ $rc -ne 0 ]]; then
        log "FAILED $desc after $(fmt_secs $((t1 - t0))) (exit $rc); last lines of $logf:"
        tail -n 30 "$logf" | sed 's/^/    /'
        exit "$rc"
    fi
    printf '%s\t%d\t%s\n' "$name" $((t1 - t0)) "$(date -Is)" >>"$STATE/timings.tsv"
    echo "$(fmt_secs $((t1 - t0))) at $(date -Is)" >"$marker"
    log "done  $desc in $(fmt_secs $((t1 - t0)))"
}

T_START=$(date +%s)
log "DEST=$DEST DIRS='$DIRS' JOBS=$JOBS"
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)
STATE="$DEST/.ordercheck"
LOGS="$STATE/logs"
mkdir -p "$LOGS"

# 1. extract ----------------------------------------------------------------
[[ -e $STATE/done.extract && $FORCE != 1 ]] || [[ -r $TARBALL ]] \
    || die "$TARBALL not found (apt-get install linux-source-6.1)"
run_step extract "extract $(basename "$TARBALL") into $DEST" \
    tar -xJf "$TARBALL" --strip-components=1 -C "$DEST"

cd "$DEST"
[[ -f Makefile && -d kernel ]] || die "$DEST does not look like a kernel tree"

# 2. defconfig ----------------------------------------------------------------
run_step defconfig "make LLVM=1 defconfig" "${MAKE[@]}" defconfig
[[ -f .config ]] || die ".config missing after defconfig"

# 3. prepare ------------------------------------------------------------------
run_step prepare "make LLVM=1 -j$JOBS prepare" "${MAKE[@]}" -j"$JOBS" prepare

# 4. objects of each directory ------------------------------------------------
if [[ $DIRS == all ]]; then
    run_step build-all "make LLVM=1 -j$JOBS all" "${MAKE[@]}" -j"$JOBS" all
    log "      $(find . -name '.*.o.cmd' | wc -l) .o.cmd files"
fi
for d in $DIRS; do
    [[ $d == all ]] && continue
    d=${d%/}
    [[ -d $d ]] || die "no directory '$d' in $DEST"
    run_step "build-${d//\//_}" "make LLVM=1 -j$JOBS $d/" "${MAKE[@]}" -j"$JOBS" "$d/"
    log "      $d/: $(find "$d" -name '*.o' | wc -l) object files, $(find "$d" -name '.*.o.cmd' | wc -l) .o.cmd files"
done

# 5. compile_commands.json ----------------------------------------------------
# In 6.1, gen_compile_commands.py takes positional 'paths' (directories to
# search for .cmd files, or .a/.o files); -d is the build directory, which also
# fixes the "directory" field of every entry. Directories are searched
# recursively, so passing DIRS restricts the database to them.
# The marker includes DIRS, so a new DIRS regenerates the database.
gen_compdb() {
    local -a paths=()
    for d in $DIRS; do paths+=("${d%/}"); done
    if [[ $DIRS == all ]]; then
        python3 scripts/clang-tools/gen_compile_commands.py -d "$DEST" \
            -o "$DEST/compile_commands.json"
        return
    fi
    python3 scripts/clang-tools/gen_compile_commands.py -d "$DEST" \
        -o "$DEST/compile_commands.json" "${paths[@]}"
    # Safety net: keep only entries whose file lies under one of DIRS.
    python3 - "$DEST/compile_commands.json" "$DEST" $DIRS <<'PY'
import json, os, sys
out, dest, dirs = sys.argv[1], sys.argv[2], [d.rstrip('/') for d in sys.argv[3:]]
db = json.load(open(out))
def rel(e):
    f = e['file']
    if not os.path.isabs(f):
        f = os.path.join(e['directory'], f)
    return os.path.relpath(os.path.normpath(f), dest)
keep = [e for e in db if any(rel(e) == d or rel(e).startswith(d + '/') for d in dirs)]
keep.sort(key=rel)
json.dump(keep, open(out, 'w'), indent=2)
print(f"kept {len(keep)} of {len(db)} entries")
for d in dirs:
    print(f"  {d}/: {sum(1 for e in keep if rel(e).startswith(d + '/'))} entries")
PY
}
compdb_step="compdb-$(echo "$DIRS" | tr ' /' '+_')"
if [[ ! -f $DEST/compile_commands.json ]]; then rm -f "$STATE"/done.compdb-*; fi
run_step "$compdb_step" "generate compile_commands.json for: $DIRS" gen_compdb
sed 's/^/      /' "$LOGS/$compdb_step.log" | grep -v '^ *$' | tail -n 12 || true

T_END=$(date +%s)
log "all done in $(fmt_secs $((T_END - T_START))) (this run); step timings so far ($STATE/timings.tsv):"
awk -F'\t' '{ printf "      %-36s %5ds  (%dm%02ds)\n", $1, $2, $2/60, $2%60 }' "$STATE/timings.tsv"
log "compile database: $DEST/compile_commands.json"
