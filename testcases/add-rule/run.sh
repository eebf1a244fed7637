#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run.sh: scripts/add-rule.sh as a contributor runs it, in a copy of this
# checkout (the files git lists, committed or not): it refuses bad input;
# the skeletons it writes for a function rule and a tree rule build with
# -Werror, their README rows are the registry's, their repro.c skeletons
# build and run on the harness, the catalogue test fails only on those two
# skeletons (repro-shows: todo, until the repro is written), and of the new
# rules' tests only verify-ID-bad and catalogue fail: bad.c expects a
# finding no code makes yet.
# Exit 0 pass, 1 fail (with the reason), 77 skipped (a tool is missing).
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
need git cmake cc python3 ctest
git -C "$root" rev-parse --git-dir >/dev/null 2>&1 || skip "$root is not a git checkout"
tmp_dir
id=probe-new-rule
tid=probe-tree-rule
src=$tmp/src
mkdir "$src"
git -C "$root" ls-files -z -co --exclude-standard >"$tmp/files" || fail "git ls-files"
(cd "$root" && tar -cf - --null --ignore-failed-read -T "$tmp/files") 2>/dev/null |
	tar -xf - -C "$src" || fail "cannot copy $root"
cd "$src" || exit 1

run scripts/add-rule.sh mb-after-atomic atomics
expect_status 2
expect_err "already a rule"
run scripts/add-rule.sh "$id" no_such_family
expect_status 2
expect_err "no family 'no_such_family'; families: atomics"
run scripts/add-rule.sh Not_Kebab atomics
expect_status 2
[ ! -e testcases/Not_Kebab ] || fail "a refused id left files"

# a tree rule first, without the build the next call makes
run env NO_BUILD=1 scripts/add-rule.sh "$tid" pairs
expect_status 0
grep -q '^static void check_probe_tree_rule(struct rule_tree_ctx \*ctx,' checker/src/rules/pairs.c ||
	fail "no check_probe_tree_rule() stub"
# shellcheck disable=SC2016 # the backquotes are markdown, for the table
run env BUILD_DIR="$tmp/build" JOBS=2 scripts/add-rule.sh "$id" ctrl_deps \
	'a probe: `q || 1` and "quotes" survive'
expect_status 0
oc=$tmp/build/ordercheck

# what changed: the family file and README; what is new: the folder
tr '\0' '\n' <"$tmp/files" | while IFS= read -r f; do
	[ -f "$root/$f" ] || continue
	cmp -s "$root/$f" "$f" || echo "$f"
done >"$tmp/changed"
[ "$(cat "$tmp/changed")" = "$(printf 'README.md\nchecker/src/rules/ctrl_deps.c\nchecker/src/rules/pairs.c')" ] ||
	fail "add-rule.sh changed other files than README.md, ctrl_deps.c and pairs.c: $(cat "$tmp/changed")"
for f in "$id/bad.c" "$id/good.c" "$id/README.md" "$id/repro.c" "$tid/bad.c" "$tid/good.c" "$tid/README.md" "$tid/repro.c"; do
	[ -f "testcases/$f" ] || fail "no testcases/$f"
done
grep -q '^static void check_probe_new_rule(struct rule_ctx \*ctx,' checker/src/rules/ctrl_deps.c ||
	fail "no check_probe_new_rule() stub"
grep -qF "| [\`$id\`](testcases/$id/README.md) | control dependencies | checker | none | TODO | a probe: \`q \\|\\| 1\` and \"quotes\" survive |" README.md ||
	fail "README.md has not the new row: $(grep -F "$id" README.md)"
grep -qF "| [\`$tid\`](testcases/$tid/README.md) | pairing across functions and files | checker (tree) | none | TODO | TODO: what it finds, in one line |" README.md ||
	fail "README.md has not the tree rule's row: $(grep -F "$tid" README.md)"
run "$oc" --list-rules
expect_out "^  $id "
expect_out "^  $tid "

# the skeletons are the catalogue's only complaint, and they say why
run python3 testcases/harness/catalogue.py "$oc"
expect_status 1
expect_out "^FAIL: $id: testcases/$id/repro.c is still scripts/add-rule.sh's skeleton"
expect_out "^FAIL: $tid: testcases/$tid/repro.c is still scripts/add-rule.sh's skeleton"
[ "$(grep -c '^FAIL' "$tmp/out")" = 2 ] || fail "the catalogue fails for more than the two skeletons: $(cat "$tmp/out")"
# the skeleton builds with the harness's -Werror, both builds, and runs
run env REPRO_ITERATIONS=1000 testcases/harness/run-repro.sh "testcases/$id/repro.c" "$tmp/repro"
expect_status 0
expect_out "^==== $id: fixed "
run "$oc" --verify "testcases/$id/good.c"
expect_status 0
run "$oc" --verify "testcases/$id/bad.c"
expect_status 1
expect_out "bad.c:[0-9]*: error: expected warning\[$id\] {{TODO: the message}} not seen"
run "$oc" --verify "testcases/$tid/good.c"
expect_status 0
run "$oc" --verify "testcases/$tid/bad.c"
expect_status 1
expect_out "bad.c:[0-9]*: error: expected warning\[$tid\] {{TODO: the message}} not seen"

# ctest in the copy found the new folder by its files (no cmake edit)
cd "$tmp/build" || exit 1
run ctest -R "^verify-($id|$tid)-|^catalogue\$"
expect_out "40% tests passed, 3 tests failed out of 5"
expect_out "verify-$id-bad .*Failed"
expect_out "verify-$tid-bad .*Failed"
expect_out "catalogue .*Failed"
echo "ok: add-rule.sh wrote two rules that build; only their verify-*-bad and the catalogue (the repro skeletons) fail, as they should"
exit 0
