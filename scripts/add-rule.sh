#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# add-rule.sh ID FAMILY [SUMMARY]: the skeleton of a new rule, as
# clang-tidy's add_new_check.py writes one (docs/architecture.md, "Where do
# I add ..."):
#   checker/src/rules/FAMILY.c  a check_<id>() stub above the family's
#                               table, and the rule's row at the table's end
#                               (a tree rule in a family of tree rules,
#                               pairs, else a function rule)
#   testcases/ID/bad.c          a case expecting the rule: it FAILS --verify
#                               (ctest -R verify-ID-bad) until check_<id>()
#                               reports it, on purpose
#   testcases/ID/good.c         expect-no-diagnostics
#   testcases/ID/README.md      the rule's page, its sections to fill in
#   testcases/ID/repro.c        the hardware reproduction on the harness
#                               (testcases/harness/README.md): a store-
#                               buffering placeholder that builds and runs,
#                               with "// repro-shows: todo", which FAILS the
#                               catalogue test until the repro is written
#                               and says what it shows, on purpose
#   README.md                   the rules table, regenerated from the
#                               registry (builds $BUILD_DIR, default build/)
# FAMILY is a name in checker/src/rules/families.h (atomics, ctrl_deps,
# ...); SUMMARY is the table's "what" (default: a TODO). Not written: a
# Coccinelle twin (rules/ID.cocci, with report.expected), and the litmus
# form of the repro's two builds (// litmus: tags) where x86-64 cannot show
# the outcome.
# NO_BUILD=1 writes the files only; JOBS is the build's -j.
# Exit 0, 1 when the build or the table fails, 2 on a usage error.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
rules=checker/src/rules

die() {
	echo "add-rule.sh: $*" >&2
	exit 2
}

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	die "usage: scripts/add-rule.sh ID FAMILY [SUMMARY]"
fi
id=$1
family=$2
summary=${3:-"TODO: what it finds, in one line"}
echo "$id" | grep -Eqx '[a-z][a-z0-9]*(-[a-z0-9]+)*' ||
	die "a rule id is a kebab-case phrase (mb-after-atomic), not '$id'"
if ! grep -qx "FAMILY($family)" $rules/families.h || [ ! -f "$rules/$family.c" ]; then
	die "no family '$family'; families: $(sed -n 's/^FAMILY(\(.*\))$/\1/p' $rules/families.h | tr '\n' ' ')"
fi
grep -q "\"$id\"" $rules/*.c && die "'$id' is already a rule"
[ ! -e "testcases/$id" ] || die "testcases/$id already exists"
fn=check_$(echo "$id" | tr - _)
# The family's rules say the scope: a family of tree rules (pairs) judges
# the pairing engine's candidates, the others one function's events.
if grep -q 'ON_TREE(' "$rules/$family.c"; then
	scope=RULE_TREE
	check=check_tree
	params="struct rule_tree_ctx *ctx|const struct rule *self|const struct pair_candidate *c"
	unused=c
else
	scope=RULE_FUNCTION
	check=check_function
	params="struct rule_ctx *ctx|const struct rule *self|const struct function_ir *fn"
	unused=fn
fi
# a C string: the summary's backslashes and quotes escaped
csummary=$(printf '%s' "$summary" | sed 's/\\/\\\\/g; s/"/\\"/g')

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The stub's parameters packed into 80 columns (tabs are 8) and aligned
# after the parenthesis, as .clang-format lays them out.
head="static void $fn("
pad=$(printf '%*s' "$((${#head} % 8))" "")
tabs=$(printf '%*s' "$((${#head} / 8))" "" | tr ' ' '\t')
line=$head
width=${#head}
sep=""
{
	IFS='|'
	# shellcheck disable=SC2086 # split on IFS, the parameters' separator
	set -- $params
	unset IFS
	for p in "$@"; do
		# ", " before it, "," or ")" after it
		if [ -n "$sep" ] && [ $((width + 2 + ${#p} + 1)) -gt 80 ]; then
			printf '%s,\n' "$line"
			line="$tabs$pad$p"
			width=$((${#head} + ${#p}))
		else
			line="$line$sep$p"
			width=$((width + ${#sep} + ${#p}))
		fi
		sep=", "
	done
	printf '%s)\n' "$line"
} >"$tmp/signature"

cat >"$tmp/stub" <<EOF
/* ---- $id ---- */

/*
 * TODO: what the rule finds and why it breaks, citing the source
 * (Documentation/atomic_t.txt, a C11 clause). Until this reports the line
 * that its bad.c expects, the bad case fails --verify: on purpose.
 */
$(cat "$tmp/signature")
{
	(void)ctx;
	(void)self;
	(void)$unused;
}

EOF
# named fields: the row stays right whatever fields struct rule grows
cat >"$tmp/row" <<EOF
	{ .id = "$id",
	  .sev = SEV_WARNING,
	  .fix = FIX_NONE,
	  .scope = $scope,
	  .$check = $fn,
	  .summary = "$csummary" },
EOF

# The family's table is the anchor: "static const struct rule NAME[] = {"
# up to its "};". The stub goes above it, the row at its end.
awk -v stub="$tmp/stub" -v row="$tmp/row" '
/^static const struct rule [A-Za-z0-9_]+\[\] = \{$/ {
	tables++
	while ((getline l < stub) > 0)
		print l
	intable = 1
}
intable && /^};$/ {
	while ((getline l < row) > 0)
		print l
	intable = 0
	closed++
}
{ print }
END { exit !(tables == 1 && closed == 1) }
' "$rules/$family.c" >"$tmp/family.c" ||
	die "$rules/$family.c: not one 'static const struct rule NAME[] = {' ... '};' table to add to"
cp "$tmp/family.c" "$rules/$family.c"

mkdir "testcases/$id"
cat >"testcases/$id/bad.c" <<EOF
// SPDX-License-Identifier: GPL-2.0
/* $id: TODO: the bug, in one line. */
#include <ordercheck/linux.h>

int data, flag;

/*
 * TODO: the shape the rule finds, as real code writes it, one bad_*()
 * each. The expectation below is not met until the rule's check function
 * reports this line, so this case fails --verify until the rule is
 * written: on purpose (scripts/add-rule.sh wrote it so). Run it with
 * ctest -R verify-$id-bad
 */
void bad_example(void)
{
	WRITE_ONCE(data, 1);
	WRITE_ONCE(flag, 1); // expect-warning[$id] {{TODO: the message}}
}
EOF
cat >"testcases/$id/good.c" <<EOF
// SPDX-License-Identifier: GPL-2.0
/* $id: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

int data, flag;

/* TODO: the real idioms that look like the bug and are not */
void good_example(void)
{
	WRITE_ONCE(data, 1);
	smp_store_release(&flag, 1);
}
EOF
cat >"testcases/$id/README.md" <<EOF
<!-- SPDX-License-Identifier: GPL-2.0 -->
# $id

TODO: what it finds, in a paragraph (the README table's line is the
summary in the descriptor, $rules/$family.c).

## Why it breaks

TODO: the ordering the code relies on and what may reorder it (the
compiler, the CPU), in the words of the source (Documentation/...,
a C11 clause).

## Example

\`\`\`c
TODO: the bad code, then the fixed code
\`\`\`

## Fix

TODO: what to write instead.

## What the repro showed

TODO: what repro.c (testcases/harness/README.md, "Adding a repro") printed,
the command, the date and the CPU.

## Known limits

TODO: what it does not see, and the false positives known.
EOF
cat >"testcases/$id/repro.c" <<EOF
// SPDX-License-Identifier: GPL-2.0
/*
 * $id: TODO: the bug in one line, and the source that says why it breaks.
 *
 * What a run shows: TODO: the test of the bad build and of the fixed one
 * (-DFIXED), and the outcome it counts.  The threads below are store
 * buffering, a placeholder that builds and runs: replace them with the
 * shape the rule finds (testcases/harness/README.md, "Adding a repro").
 *
 * What this CPU cannot show: TODO.  x86-64 is TSO: it shows store
 * buffering, not load buffering or message passing through reordered
 * stores.  Where it cannot show the outcome, add "// codegen:" tags
 * (show-codegen.sh) and the litmus form of both builds with "// litmus:"
 * tags (show-herd.sh).
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

static int x __harness_aligned;
static int y __harness_aligned;
static struct harness_sb sb = { .x = &x, .y = &y };

static void thread0(void *shared)
{
	struct harness_sb *s = shared;

	WRITE_ONCE(x, 1);
#ifdef FIXED
	smp_mb();
#endif
	s->r0 = READ_ONCE(y);
}

static void thread1(void *shared)
{
	struct harness_sb *s = shared;

	WRITE_ONCE(y, 1);
	smp_mb();
	s->r1 = READ_ONCE(x);
}

int main(void)
{
	struct harness_test t;

	harness_print_header("$id", REPRO_VARIANT);
	printf("code:      TODO: both threads as this build runs them\\n");
	harness_sb_test(&t, &sb, "TODO", thread0, thread1);
	return harness_sb_report(&t, REPRO_FIXED,
				 "TODO: what the fence is on x86-64");
}

/*
 * TODO: outcome, codegen, herd7 or cost: what this repro shows on x86-64
 * (testcases/harness/README.md); the catalogue test fails until then.
 */
// repro-shows: todo
EOF
echo "add-rule.sh: wrote $rules/$family.c ($fn() and the table row), testcases/$id/{bad.c,good.c,README.md,repro.c}"

if [ "${NO_BUILD:-}" = 1 ]; then
	echo "add-rule.sh: NO_BUILD=1: build, then scripts/rules-table.sh for the README table"
	exit 0
fi
build=${BUILD_DIR:-build}
[ -f "$build/CMakeCache.txt" ] ||
	cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DORDERCHECK_WERROR=ON >/dev/null || exit 1
cmake --build "$build" --target ordercheck -j"${JOBS:-$(nproc)}" >"$tmp/build.log" 2>&1 || {
	cat "$tmp/build.log" >&2
	echo "add-rule.sh: the build failed; README.md's table is not regenerated" >&2
	exit 1
}
scripts/rules-table.sh "$build/ordercheck" || exit 1
echo "add-rule.sh: README.md's rules table regenerated"
echo "next: write $fn(); until it reports, verify-$id-bad fails; until"
echo "testcases/$id/repro.c is written and says what it shows, catalogue fails:"
echo "  ctest --test-dir $build -R '^(verify|mutant)-$id-|^catalogue\$'"
