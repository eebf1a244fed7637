#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run.sh ORDERCHECK CASE: command-line behaviour on good and bad input.
# Each case exits 0 when ordercheck behaves, 1 with a reason otherwise.
set -u
oc=$1
case=$2
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
in=$here/inputs
tmp_dir
cd "$tmp" || exit 1

write_db() {
	# write_db FILE...: a compile_commands.json for the inputs
	mkdir -p db
	{
		echo "["
		sep=""
		for f in "$@"; do
			printf '%s{"directory":"%s","file":"%s","arguments":["cc","-I%s","-c","%s"]}\n' \
				"$sep" "$in" "$f" "$in" "$f"
			sep=","
		done
		echo "]"
	} >db/compile_commands.json
}

case $case in
unknown-flag)
	run "$oc" --frobnicate x.c
	expect_status 2
	expect_err "unknown option '--frobnicate'"
	;;
unknown-rule)
	run "$oc" -Wno-no-such-rule "$in/clean.c"
	expect_status 2
	expect_err "unknown rule 'no-such-rule'"
	;;
no-files)
	run "$oc"
	expect_status 2
	expect_err "usage:"
	;;
missing-file)
	run "$oc" "$tmp/does-not-exist.c"
	expect_status 2
	expect_out "does-not-exist.c: error:"
	;;
missing-database)
	run "$oc" -p "$tmp/nowhere"
	expect_status 2
	expect_err "compile_commands.json"
	;;
malformed-database)
	mkdir -p bad && echo '[{"directory": "/", "file": ' >bad/compile_commands.json
	run "$oc" -p bad
	expect_status 2
	expect_err "compile_commands.json"
	;;
file-not-in-database)
	write_db "$in/one.c"
	run "$oc" -p db "$in/two.c"
	expect_status 2
	expect_err "not in"
	;;
does-not-parse)
	run "$oc" "$in/broken.c"
	expect_status 2
	expect_out "broken.c:17:.*error:"
	expect_out "checked as far as its AST goes"
	# the function before the error is still checked
	expect_out "broken.c:12:2: warning: .*\[mb-after-atomic\]"
	;;
clean-exit-zero)
	run "$oc" "$in/clean.c"
	expect_status 0
	[ -z "$out" ] || fail "output on a clean file: $out"
	;;
header-once)
	write_db "$in/one.c" "$in/two.c"
	run "$oc" -p db -j 2
	expect_status 1
	n=$(echo "$out" | grep -c 'warning:')
	[ "$n" -eq 1 ] || fail "header finding reported $n times: $out"
	expect_out "shared.h:12:2: warning:"
	;;
blanked-bodies)
	# the same findings as a parse of every body, and the pasted name
	# found by the analysis: one file parsed again whole
	b=$in/blank
	write_db "$b/learn.c" "$b/named.c" "$b/prefixed.c" "$b/pasted.c"
	"$oc" -p db --no-facts -j 1 --parse-all-bodies >all.txt 2>&1
	"$oc" -p db --no-facts -j 1 --stats >blanked.txt 2>stats.txt
	cmp -s all.txt blanked.txt ||
		fail "findings differ: $(diff all.txt blanked.txt)"
	[ "$(grep -c 'warning:' all.txt)" -eq 5 ] ||
		fail "want 5 findings: $(cat all.txt)"
	grep -q ' [1-9][0-9]* header bodies blanked, 1 files parsed again whole' \
		stats.txt || fail "want bodies blanked, one parse again: $(cat stats.txt)"
	;;
stable-order)
	# every mode prints the same lines, and they are these, in this order
	# (by file, then line): each line's place, kind and rule
	write_db "$in/one.c" "$in/two.c" "$in/clean.c" "$in/broken.c"
	"$oc" -p db --no-facts -j 1 >j1.txt 2>&1
	"$oc" -p db --no-facts -j 2 >j2.txt 2>&1
	"$oc" -p db --no-facts --no-fork >j0.txt 2>&1
	cmp -s j1.txt j2.txt || fail "-j 1 and -j 2 differ: $(diff j1.txt j2.txt)"
	cmp -s j1.txt j0.txt || fail "-j 1 and --no-fork differ: $(diff j1.txt j0.txt)"
	sed -e "s#$in/##g" -e 's/^\([^ ]*: [a-z]*\):.*\(\[[a-z-]*\]\)$/\1 \2/' \
		-e 's/^\([^ ]*: [a-z]*\):.*/\1/' j1.txt >got.txt
	cat >want.txt <<-EOF
	broken.c:12:2: warning [mb-after-atomic]
	broken.c:11:2: note
	broken.c:17:31: error
	broken.c: note
	shared.h:12:2: warning [mb-after-atomic]
	shared.h:11:2: note
	EOF
	cmp -s want.txt got.txt ||
		fail "not the findings wanted, in their order: $(diff want.txt got.txt)"
	;;
publish-no-reader)
	# publish-then-init asks the whole tree who reads the field: no file
	# of the database reads the stamp, so no reader can see it unset
	p=$in/publish
	write_db "$p/publisher.c"
	run "$oc" -p db --explain "$p/publisher.c:11"
	expect_status 0
	expect_out "not reported: no function of the tree reads 'struct entry.stamp'"
	# a file named alone may be a part of a larger program: reported
	run "$oc" "$p/publisher.c"
	expect_status 1
	expect_out "publisher.c:11:2: warning: 'e->stamp' is initialised after"
	# the near miss: the database has a lockless reader of the stamp
	write_db "$p/publisher.c" "$p/reader.c"
	run "$oc" -p db
	expect_status 1
	expect_out "publisher.c:11:2: warning: 'e->stamp' is initialised after"
	# a reader that never finds the entry on the RCU list is no RCU reader
	write_db "$p/publisher.c" "$p/reader-norcu.c"
	run "$oc" -p db --explain "$p/publisher.c:11"
	expect_status 0
	expect_out "not reported: the object is published to RCU readers, and none of the 1 read of 'struct entry.stamp'"
	# with the RCU reader beside it, reported
	write_db "$p/publisher.c" "$p/reader-norcu.c" "$p/reader.c"
	run "$oc" -p db
	expect_status 1
	expect_out "publisher.c:11:2: warning: 'e->stamp' is initialised after"
	;;
crash-loses-one-file)
	write_db "$in/one.c" "$in/two.c" "$in/clean.c"
	ORDERCHECK_TEST_CRASH_ON=one.c run "$oc" -p db -j 2
	expect_status 2
	expect_out "one.c: error: the checker crashed on this file; the file was not checked"
	# the others were checked: two.c still finds the header's bug
	expect_out "shared.h:12:2: warning:"
	;;
timeout-loses-one-file)
	write_db "$in/one.c" "$in/two.c"
	ORDERCHECK_TEST_HANG_ON=two.c run "$oc" -p db -j 2 --timeout 2
	expect_status 2
	expect_out "two.c: error: checking took more than 2 seconds"
	expect_out "shared.h:12:2: warning:"
	;;
json)
	run "$oc" --format=json "$in/one.c" -- "-I$in"
	expect_status 1
	echo "$out" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["version"] == 1 and d["files_checked"] == 1, d
[x] = d["diagnostics"]
for k in ("rule", "severity", "file", "line", "column", "function",
          "message", "notes", "fixes"):
    assert k in x, k
assert x["rule"] == "mb-after-atomic" and x["function"] == "shared_get"
f = x["fixes"][0]
assert f["replacement"] == "smp_mb__after_atomic()", f
for k in ("file", "line", "column", "end_line", "end_column"):
    assert k in f, k
' || fail "json: $out"
	;;
non-utf8)
	# every format, the language server's too (non_utf8.py says what)
	python3 "$here/non_utf8.py" "$oc" || fail "non-utf8"
	;;
fix-in-place)
	# --fix reports the findings (1) and writes the file fix-<id>'s
	# fix.expected (a diff of bad.c) says, then the file is clean
	for id in mb-after-atomic mb-before-atomic store-then-mb duplicate-fence; do
		cp "$here/../$id/bad.c" "$id.c"
		run "$oc" --fix "$id.c"
		expect_status 1
		diff -u --label "a/testcases/$id/bad.c" --label "b/testcases/$id/bad.c" \
			"$here/../$id/bad.c" "$id.c" >fixed.diff
		cmp -s "$here/../$id/fix.expected" fixed.diff ||
			fail "$id: the fixed file is not fix.expected: $(diff "$here/../$id/fix.expected" fixed.diff)"
		run "$oc" "-W$id" "$id.c"
		echo "$out" | grep -q "\[$id\]" && fail "$id: still reported after --fix: $out"
		# the fixed file still parses
		echo "$out" | grep -q 'error:' && fail "$id: --fix broke the file: $out"
	done
	;;
explain)
	# --explain FILE:LINE says, for each candidate of the line, why it was
	# or was not reported: a common lock, or the rule that reported it
	cases=$here/../pair-missing-release
	run "$oc" --explain locked-good.c:25 "$cases/locked-good.c"
	expect_status 0
	expect_out "explain: MP candidate:"
	expect_out "locks held: global:m_same / global:m_same"
	expect_out "not reported: both sides hold a common lock (global:m_same)"
	run "$oc" --explain locked-writer.c:20 "$cases/locked-writer.c"
	expect_status 1
	expect_out "herd7 (LKMM, MP with NONE and ACQUIRE): allowed"
	expect_out "reported: \\[pair-missing-release\\]"
	# a range of lines: the writer's two stores
	run "$oc" --explain locked-writer.c:19-20 "$cases/locked-writer.c"
	expect_out "locked-writer.c:19: fn_writer() store 'global:d_fn'"
	expect_out "locked-writer.c:20: fn_writer() store 'global:f_fn'"
	run "$oc" --explain locked-writer.c "$cases/locked-writer.c"
	expect_status 2
	expect_err "--explain wants FILE:LINE or FILE:LINE-LINE"
	;;
opt-in-remarks)
	# pair-missing-acquire's remarks are opt-in (under half of them were
	# right on Linux 6.1, read blind): a default run leaves them out,
	# --explain says so, -W<id> and --verify show them
	cases=$here/../pair-missing-acquire
	run "$oc" "$cases/plain-flag.c"
	expect_status 0
	echo "$out" | grep -q "pair-missing-acquire" &&
		fail "a default run shows an opt-in remark: $out"
	run "$oc" --explain plain-flag.c:26 "$cases/plain-flag.c"
	expect_out "not reported: a remark of \\[pair-missing-acquire\\] at .*plain-flag.c:26, whose remarks are opt-in (-Wpair-missing-acquire shows them)"
	run "$oc" --fail-on remark -Wpair-missing-acquire "$cases/plain-flag.c"
	expect_status 1
	expect_out "plain-flag.c:26:.*remark:.*\\[pair-missing-acquire\\]"
	# a facts store keeps the tree pass's result: -W must not be served
	# the one made without it, nor the other way round
	cp "$cases/plain-flag.c" pf.c
	run "$oc" --facts s.sqlite pf.c
	run "$oc" --facts s.sqlite -Wpair-missing-acquire pf.c
	expect_out "pf.c:26:.*remark:.*\\[pair-missing-acquire\\]"
	run "$oc" --facts s.sqlite pf.c
	echo "$out" | grep -q "pair-missing-acquire" &&
		fail "a stored run with -W serves its remarks to one without: $out"
	run "$oc" --list-rules
	expect_out "remarks: opt-in (-Wpair-missing-acquire)"
	run "$oc" --verify "$cases/plain-flag.c"
	expect_status 0
	;;
report-special-file)
	# report --from-json reads each finding's file for its snippet: one
	# naming /dev/zero must not be read until memory runs out
	run "$oc" --format=json "$root/testcases/mb-after-atomic/bad.c" -- \
		"-I$root/checker/include"
	sed "s#\"file\":\"[^\"]*\"#\"file\":\"/dev/zero\"#g" "$tmp/out" >zero.json
	grep -q '"/dev/zero"' zero.json || fail "no finding to point at /dev/zero: $out"
	status=0
	# a cap on memory, but not under AddressSanitizer, whose shadow
	# memory alone is terabytes of address space (ASAN_OPTIONS is set
	# where the tests run instrumented, scripts/run-tests.sh)
	limit="ulimit -v 4000000"
	[ -z "${ASAN_OPTIONS:-}" ] || limit=:
	($limit && timeout 60 "$oc" report --from-json zero.json \
		-o zero.html) >"$tmp/out" 2>"$tmp/err" || status=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
	expect_status 0
	grep -q "mb-after-atomic" zero.html || fail "the page lacks the finding"
	;;
output-is-input)
	# -o naming a file to check would overwrite the source with its
	# report: refused, the file left as it was, under any of its names
	cp "$in/clean.c" x.c
	for o in x.c ./x.c "$tmp/x.c"; do
		run "$oc" x.c -o "$o"
		expect_status 2
		expect_err "-o $o names x.c, a file to check"
		cmp -s x.c "$in/clean.c" || fail "-o $o overwrote x.c"
	done
	# with -p, a file of the database, even one not checked this time
	# (copies: the test must not write into the checkout when it fails)
	cp "$in/one.c" "$in/two.c" .
	cp "$in/two.c" two-copy.c
	mkdir -p pdb
	printf '[{"directory":"%s","file":"%s","arguments":["cc","-I%s","-c","%s"]},\n' \
		"$tmp" one.c "$in" one.c >pdb/compile_commands.json
	printf '{"directory":"%s","file":"%s","arguments":["cc","-I%s","-c","%s"]}]\n' \
		"$tmp" two.c "$in" two.c >>pdb/compile_commands.json
	run "$oc" -p pdb --no-facts "$tmp/one.c" -o two.c
	expect_status 2
	expect_err "names .*two.c, a file to check"
	cmp -s two-copy.c two.c || fail "-o overwrote two.c"
	# a new file is still written
	run "$oc" x.c -o report.txt
	expect_status 0
	[ -f report.txt ] || fail "-o report.txt not written"
	;;
herd-missing)
	# --herd says what keeps herd7 from a verdict: herd7 itself, or a
	# file of the memory model, named with the directory looked in
	bad=$root/testcases/sb-needs-full-barrier/bad.c
	mkdir -p nobin bin model
	run env PATH="$tmp/nobin" "$oc" --emit-litmus lit1 --herd "$bad"
	expect_status 1
	expect_out "herd7 gave no verdict: herd7 is not on PATH"
	# a stand-in herd7 that, like the real one, finds no model file
	printf '#!/bin/sh\necho "herd7: Cannot find file $2" >&2\nexit 2\n' >bin/herd7
	chmod +x bin/herd7
	run env PATH="$tmp/bin:$PATH" "$oc" --emit-litmus lit2 --herd \
		--herd-dir "$tmp/model" "$bad"
	expect_status 1
	expect_out "herd7 gave no verdict: the kernel's memory model is missing: no linux-kernel.cfg in $tmp/model"
	touch model/linux-kernel.cfg model/linux-kernel.def model/linux-kernel.bell
	run env PATH="$tmp/bin:$PATH" "$oc" --emit-litmus lit3 --herd \
		--herd-dir "$tmp/model" "$bad"
	expect_out "no linux-kernel.cat in $tmp/model"
	# C11 code: rc11.cat is herd7's own, and herd7 says it is missing
	run env PATH="$tmp/bin:$PATH" "$oc" --emit-litmus lit4 --herd \
		"$root/testcases/pair-missing-acquire/bad.c"
	expect_out "herd7 gave no verdict: herd7 cannot find rc11.cat"
	;;
binary-input)
	# an executable or any binary file is no C source: one clear error
	# for that file (not libclang's "AST read error"), the others checked
	run "$oc" /bin/true
	expect_status 2
	expect_out "^/bin/true: error: is not a C source file (an ELF binary)"
	printf 'int x;\n\000\001\002\n' >data.c
	run "$oc" data.c
	expect_status 2
	expect_out "^data.c: error: is not a C source file (a NUL byte at offset 7)"
	run "$oc" /bin/true "$in/one.c" -- "-I$in"
	expect_status 2
	expect_out "shared.h:12:2: warning:"
	echo "$out" | grep -q "AST read error" && fail "libclang's words: $out"
	;;
tu-linear)
	# Functions of one shape, N and 4N of them: what a rule looks up in
	# the TU must grow with the functions, not with their square (issue
	# 34: 19.6 s at 20k). The analysis CPU time of the 4N file against
	# the N file's: 4x when linear, 16x when quadratic; more than 8x
	# fails. A growth ratio of one build, so that neither the machine's
	# load nor a sanitizer's slowdown (both files pay it) decides. The
	# shapes are bench/gen_tu_shape.sh's: the TU summary's orders and
	# wake-missing-barrier's wakers (each calls a helper that tests).
	for shape in orders wakers; do
		for n in 4000 16000; do
			"$root/bench/gen_tu_shape.sh" $shape $n >$shape-$n.c
			run "$oc" --stats "$shape-$n.c" -- "-I$root/checker/include"
			expect_status 0
			cpu=$(grep -o 'CPU: parsing [0-9.]* s, analysis [0-9.]* s' "$tmp/err")
			[ -n "$cpu" ] || fail "$shape: no CPU figures in --stats: $err"
			eval "a$n=\$(echo \"\$cpu\" | awk '{ print \$6 }')"
		done
		# the small file's time floored at 10 ms: a timer's tick
		awk -v s="$a4000" -v l="$a16000" 'BEGIN {
			if (s < 0.01) s = 0.01
			exit !(l <= 8 * s) }' ||
			fail "$shape: analysis grew from $a4000 s to $a16000 s for 4x the functions: quadratic again"
	done
	;;
verify-notes)
	# --verify holds notes as it holds findings: a note no expect-note
	# names fails the run, unless the file opts out with a reason
	v=$in/verify
	run "$oc" --verify "$v/notes.c"
	expect_status 0
	run "$oc" --verify "$v/notes-unexpected.c"
	expect_status 1
	expect_out "notes-unexpected.c:7:2: error: unexpected note: 'atomic_inc()' is unordered.* (of the warning \[mb-after-atomic\] at .*notes-unexpected.c:8)"
	run "$oc" --verify "$v/notes-misplaced.c"
	expect_status 1
	expect_out "notes-misplaced.c:11:2: error: unexpected note: 'atomic_inc()' is unordered"
	expect_out "notes-misplaced.c:12: error: expected note\[mb-after-atomic\] {{'atomic_inc()' is unordered}} not seen"
	run "$oc" --verify "$v/notes-unchecked.c"
	expect_status 0
	expect_out "notes-unchecked.c: ok (1 expectations, 1 diagnostics, 1 notes, notes unchecked: notes.c expects this note)"
	run "$oc" --verify "$v/notes-unchecked-no-reason.c"
	expect_status 1
	expect_out "notes-unchecked-no-reason.c:4: error: expect-notes-unchecked needs a reason"
	run "$oc" --verify "$v/notes-no-diagnostics.c"
	expect_status 1
	expect_out "notes-no-diagnostics.c: error: expect-no-diagnostics, but the file has expectations"
	;;
verify-header)
	# a finding in a header the case includes is held to the header's
	# expectations, and the header's expectations must be met; a header
	# two files of the run include is compared once
	v=$in/verify
	run "$oc" --verify "$v/header-unexpected.c"
	expect_status 1
	expect_out "header-unexpected.h:8:2: error: unexpected warning: smp_mb() directly after a void atomic"
	expect_out "header-unexpected.h: FAIL"
	run "$oc" --verify "$v/header-unmet.c"
	expect_status 1
	expect_out "header-unmet.h:8: error: expected warning\[mb-after-atomic\] {{use smp_mb__after_atomic()}} not seen"
	run "$oc" --verify "$v/header.c"
	expect_status 0
	expect_out "verify/header.h: ok (2 expectations, 1 diagnostics, 1 notes)"
	run "$oc" --verify "$v/header.c" "$v/header-again.c"
	expect_status 0
	[ "$(echo "$out" | grep -c 'header.h: ok')" -eq 1 ] ||
		fail "header.h not compared once: $out"
	;;
verify-known-to-fail)
	# expect-known-to-fail marks the expectation before it on its line,
	# not the file: the file's other expectations are still held
	v=$in/verify
	run "$oc" --verify "$v/known-others.c"
	expect_status 1
	expect_out "known-others.c:11:2: error: unexpected warning"
	run "$oc" --verify "$v/known.c"
	expect_status 0
	expect_out "known.c:18: known to fail: expected warning\[mb-after-atomic\] {{use smp_mb__after_atomic()}} not seen: an atomic behind a function pointer is not seen"
	expect_out "known.c: ok (3 expectations, 1 diagnostics, 1 notes, 1 known to fail)"
	run "$oc" --verify "$v/known-fixed.c"
	expect_status 0
	expect_out "known-fixed.c:8: FIXED: expected warning\[mb-after-atomic\] {{use smp_mb__after_atomic()}} seen; was known to fail: was not reported once"
	run "$oc" --verify "$v/known-alone.c"
	expect_status 1
	expect_out "known-alone.c:7: error: expect-known-to-fail follows no expectation on its line"
	;;
*)
	fail "no case '$case'"
	;;
esac
echo "ok: $case"
