#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# compare-findings.sh BEFORE AFTER [ORDERCHECK-ARGS...]
#
# Runs two ordercheck binaries on the same input, each with a fresh facts
# store, and compares the JSON of every finding and every error: a refactor
# must leave them identical. Prints the counts per rule and the first
# differences; exit 0 when identical, 1 when not, 2 on a usage error.
#
#   bench/compare-findings.sh /work/before/build/ordercheck build/ordercheck \
#       -p /work/linux-6.1 -j 2
#   bench/compare-findings.sh OLD NEW testcases/*/*.c
#
# BEFORE may be a JSON report an earlier run wrote (saves a 4-minute run
# per comparison on a kernel tree). OUT=DIR keeps the two JSON files
# (default: a temporary directory).
set -eu
[ $# -ge 3 ] || { echo "usage: $0 BEFORE AFTER ORDERCHECK-ARGS..." >&2; exit 2; }
before=$1 after=$2
shift 2
for b in "$before" "$after"; do
	case $b in *.json) [ "$b" = "$before" ] && [ -r "$b" ] && continue ;; esac
	[ -x "$b" ] || { echo "$0: '$b' is not executable" >&2; exit 2; }
done
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"

run() {
	name=$1 bin=$2
	shift 2
	rm -f "$out/$name.sqlite"
	start=$(date +%s)
	status=0
	"$bin" --format=json --facts "$out/$name.sqlite" -o "$out/$name.json" \
		"$@" || status=$?
	echo "$name: exit $status in $(($(date +%s) - start)) s ($bin)"
	[ "$status" -le 2 ] || { echo "$0: $bin crashed" >&2; exit 2; }
}
case $before in
*.json) [ "$before" -ef "$out/before.json" ] || cp "$before" "$out/before.json" ;;
*) run before "$before" "$@" ;;
esac
run after "$after" "$@"

python3 - "$out/before.json" "$out/after.json" <<'PY'
import collections, json, sys

def load(path):
    with open(path, 'rb') as f:
        doc = json.loads(f.read().decode('utf-8'))
    canon = lambda x: json.dumps(x, sort_keys=True, ensure_ascii=False)
    return (doc.get('files_checked'), sorted(map(canon, doc['diagnostics'])),
            sorted(map(canon, doc.get('errors', []))))

b, a = load(sys.argv[1]), load(sys.argv[2])
rules = collections.Counter(json.loads(d)['rule'] for d in b[1])
print(f"files checked: {b[0]} before, {a[0]} after")
print(f"findings: {len(b[1])} before, {len(a[1])} after; "
      f"errors: {len(b[2])} before, {len(a[2])} after")
for rule, n in sorted(rules.items()):
    print(f"  {rule:28} {n}")
same = True
for what, x, y in (('finding', b[1], a[1]), ('error', b[2], a[2])):
    only_b = sorted(set(x) - set(y))
    only_a = sorted(set(y) - set(x))
    if x != y:
        same = False
        print(f"{what}s differ: {len(only_b)} only before, {len(only_a)} only after")
        for d in only_b[:5]:
            print(f"  - {d[:400]}")
        for d in only_a[:5]:
            print(f"  + {d[:400]}")
if b[0] != a[0]:
    same = False
print("identical" if same else "DIFFERENT")
sys.exit(0 if same else 1)
PY
