#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run.sh ORDERCHECK CASE: what CI uses: SARIF (checked by Microsoft's SARIF
# validator, for the SARIF rules and GitHub's ingestion rules), GitLab code
# quality, fingerprints, suppressions, baselines, --fail-on and
# --changed-since. Exit 0 when ordercheck behaves, 1 with a reason, 77
# when a tool the case needs is missing (ctest reports it as skipped).
set -u
oc=$1
case=$2
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
tmp_dir
cd "$tmp" || exit 1
# @microsoft/sarif-multitool, as scripts/install-deps.sh installs it
validator=${SARIF_MULTITOOL:-/opt/sarif/node_modules/.bin/sarif-multitool}

# validate FILE KIND: the validator's findings on FILE (none: empty output)
validate() {
	rm -f "$tmp/val.sarif"
	"$validator" validate "$1" --rule-kind "$2" --output "$tmp/val.sarif" \
		>"$tmp/val.log" 2>&1 || fail "validator failed: $(cat "$tmp/val.log")"
	python3 - "$tmp/val.sarif" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["runs"][0].get("results", []):
    print(r["ruleId"], r.get("level", "warning"),
          r.get("message", {}).get("text", json.dumps(r.get("message")))[:300])
PY
}

need_validator() {
	[ -x "$validator" ] || skip "no $validator"
}

cp "$root/testcases/mb-after-atomic/bad.c" a.c
cp "$root/testcases/addr-dep-pointer-compare/bad.c" b.c
cp "$root/testcases/cli/inputs/broken.c" broken.c
inc="-I$root/checker/include"

case $case in
sarif-valid)
	need_validator
	run "$oc" --format=sarif a.c b.c broken.c -- "$inc"
	expect_status 2 # findings, and a file that does not parse
	cp "$tmp/out" log.sarif
	python3 -c "import json,sys; json.load(open('log.sarif'))" ||
		fail "not JSON"
	for kind in Sarif Gh; do
		v=$(validate log.sarif $kind)
		[ -z "$v" ] || fail "the validator ($kind rules) says: $v"
	done
	grep -q '"ruleId":"addr-dep-pointer-compare"' log.sarif ||
		fail "no addr-dep-pointer-compare result"
	grep -q '"toolExecutionNotifications":\[{' log.sarif ||
		fail "the file that does not parse is not a notification"
	;;
sarif-validator-catches)
	# the validation above can fail: a result without a message is caught
	need_validator
	run "$oc" --format=sarif a.c -- "$inc"
	sed 's/"message":{"text":"smp_mb() directly after a void atomic; use smp_mb__after_atomic()"}/"message":{}/' \
		"$tmp/out" >bad.sarif
	cmp -s "$tmp/out" bad.sarif && fail "the mutation did not apply"
	v=$(validate bad.sarif Sarif)
	[ -n "$v" ] || fail "the validator accepted a result without a message"
	;;
fingerprints-survive-moves)
	run "$oc" --format=sarif a.c -- "$inc"
	grep -o '"ordercheck/v1":"[^"]*"' "$tmp/out" | sort >before
	{ printf '\n\n\n/* three lines more */\n'; cat a.c; } >a2.c && mv a2.c a.c
	run "$oc" --format=sarif a.c -- "$inc"
	grep -o '"ordercheck/v1":"[^"]*"' "$tmp/out" | sort >after
	[ -s before ] || fail "no fingerprints"
	cmp -s before after || fail "fingerprints changed when lines moved: $(diff before after)"
	;;
codeclimate)
	run "$oc" --format=codeclimate a.c b.c -- "$inc"
	expect_status 1
	python3 - "$tmp/out" <<'PY' || fail "not GitLab code quality"
import json, sys
issues = json.load(open(sys.argv[1]))
assert isinstance(issues, list) and issues
for i in issues:
    for k in ("description", "check_name", "fingerprint", "severity", "location"):
        assert k in i, k
    assert i["severity"] in ("info", "minor", "major", "critical", "blocker")
    assert i["location"]["path"] and i["location"]["lines"]["begin"] > 0
assert len({i["fingerprint"] for i in issues}) == len(issues), "duplicate fingerprints"
PY
	;;
suppressions)
	cat >s.c <<'CEOF'
#include <ordercheck/linux.h>
atomic_t a, b, c, d;
void f(void)
{
	atomic_inc(&a);
	/* ordercheck-ignore[mb-after-atomic]: the full barrier documents the pairing with g() */
	smp_mb();
	atomic_inc(&b);
	smp_mb(); // ordercheck-ignore[mb-after-atomic]
	atomic_inc(&c);
	smp_mb(); // ordercheck-ignore[no-such-rule]: typo
	atomic_inc(&d);
	smp_mb__after_atomic(); /* ordercheck-ignore[mb-after-atomic]: nothing to hide here */
}
CEOF
	run "$oc" s.c -- "$inc"
	expect_status 1
	o=$(cat "$tmp/out")
	echo "$o" | grep -q "s.c:7:.*mb-after-atomic" && fail "a suppression with a reason did not suppress: $o"
	echo "$o" | grep -q "s.c:9:.*without a reason.*\[ordercheck-ignore\]" || fail "no report of the reasonless suppression: $o"
	echo "$o" | grep -q "s.c:11:.*'no-such-rule', which is not a rule" || fail "no report of the unknown rule: $o"
	echo "$o" | grep -q "s.c:11:.*\[mb-after-atomic\]" || fail "a suppression of another rule suppressed it: $o"
	echo "$o" | grep -q "s.c:13:.*suppresses nothing" || fail "no report of the unused suppression: $o"
	;;
baseline)
	run "$oc" --write-baseline base.txt a.c -- "$inc"
	n=$(grep -vc '^#' base.txt)
	[ "$n" -ge 3 ] || fail "baseline has $n entries"
	run "$oc" --baseline base.txt a.c -- "$inc"
	expect_status 0
	[ -s "$tmp/out" ] && fail "findings in the baseline were reported: $(cat "$tmp/out")"
	# lines move and a new finding appears: only that one is reported
	{ printf '\n\n'; cat a.c; printf '\nvoid added(atomic_t *v)\n{\n\tatomic_dec(v);\n\tsmp_mb();\n}\n'; } >a2.c
	mv a2.c a.c
	run "$oc" --baseline base.txt a.c -- "$inc"
	expect_status 1
	[ "$(grep -c 'warning:' "$tmp/out")" -eq 1 ] || fail "want only the new finding: $(cat "$tmp/out")"
	grep -q "in function\|a.c:.*smp_mb() directly after" "$tmp/out" || fail "not the new one: $(cat "$tmp/out")"
	run "$oc" --baseline missing.txt a.c -- "$inc"
	expect_status 2
	;;
fail-on)
	cp "$root/testcases/addr-dep-unannotated/bad.c" r.c
	run "$oc" r.c -- "$inc"
	expect_status 0
	grep -q "remark:" "$tmp/out" || fail "no remark printed: $(cat "$tmp/out")"
	run "$oc" --fail-on=remark r.c -- "$inc"
	expect_status 1
	run "$oc" --fail-on=error a.c -- "$inc"
	expect_status 0
	run "$oc" --fail-on=sometimes a.c -- "$inc"
	expect_status 2
	;;
changed-since)
	need git
	git init -q repo && cd repo || fail "git init"
	git config user.email t@example.invalid && git config user.name t
	cp ../a.c . && git add a.c && git commit -qm base || fail "commit"
	printf '\nvoid added(atomic_t *v)\n{\n\tatomic_dec(v);\n\tsmp_mb();\n}\n' >>a.c
	run "$oc" --changed-since HEAD a.c -- "$inc"
	expect_status 1
	[ "$(grep -c 'warning:' "$tmp/out")" -eq 1 ] || fail "want the one finding in the change: $(cat "$tmp/out")"
	run "$oc" --changed-since 'HEAD;rm' a.c -- "$inc"
	expect_status 2
	run "$oc" --changed-since no-such-rev a.c -- "$inc"
	expect_status 2
	;;
changed-since-config)
	# a user's git config must not change what the diff says: each of
	# these once, then all of them and GIT_DIFF_OPTS at once, run from a
	# subdirectory (diff.relative)
	need git
	mkdir -p repo/src && cd repo || fail "mkdir"
	git init -q . && git config user.email t@example.invalid &&
		git config user.name t
	cp ../a.c src/a.c && git add src/a.c && git commit -qm base || fail "commit"
	printf '\nvoid added(atomic_t *v)\n{\n\tatomic_dec(v);\n\tsmp_mb();\n}\n' >>src/a.c
	printf '#!/bin/sh\necho "an external diff"\n' >"$tmp/extdiff" &&
		chmod +x "$tmp/extdiff"
	cd src || fail "cd"
	GIT_CONFIG_GLOBAL=$tmp/gitconfig
	export GIT_CONFIG_GLOBAL
	for cfg in diff.noprefix=true diff.mnemonicPrefix=true \
		color.diff=always color.ui=always "diff.external=$tmp/extdiff" \
		diff.relative=true diff.interHunkContext=30 core.quotePath=true \
		diff.renames=copies diff.context=7 diff.suppressBlankEmpty=true \
		all; do
		rm -f "$tmp/gitconfig"
		if [ "$cfg" = all ]; then
			cat "$tmp/every" >"$tmp/gitconfig"
			GIT_DIFF_OPTS=--unified=9
			export GIT_DIFF_OPTS
		else
			git config -f "$tmp/gitconfig" "${cfg%%=*}" "${cfg#*=}"
			cat "$tmp/gitconfig" >>"$tmp/every"
		fi
		run "$oc" --changed-since HEAD a.c -- "$inc"
		[ "$status" -eq 1 ] || fail "with $cfg: exit status $status, want 1; stderr: $err"
		n=$(grep -c 'warning:' "$tmp/out")
		[ "$n" -eq 1 ] && grep -q 'a.c:48:2: warning:' "$tmp/out" ||
			fail "with $cfg: want the one finding in the change (a.c:48), got $n: $out"
	done
	;;
changed-since-names)
	# names git quotes or pads: a space (a tab after it in the header),
	# UTF-8 (octal escapes unless core.quotePath=false), a double quote
	need git
	git init -q repo && cd repo || fail "git init"
	git config user.email t@example.invalid && git config user.name t
	git config core.quotePath true
	for f in "a b.c" "ü.c" 'q"x.c'; do
		cp ../a.c "$f" || fail "cp $f"
	done
	git add . && git commit -qm base || fail "commit"
	for f in "a b.c" "ü.c" 'q"x.c'; do
		printf '\nvoid added(atomic_t *v)\n{\n\tatomic_dec(v);\n\tsmp_mb();\n}\n' >>"$f"
	done
	run "$oc" --changed-since HEAD "a b.c" "ü.c" 'q"x.c' -- "$inc"
	expect_status 1
	for f in "a b.c" "ü.c" 'q"x.c'; do
		grep -qF "$f:48:2: warning:" "$tmp/out" ||
			fail "the change to '$f' lost its finding: $out"
	done
	[ "$(grep -c 'warning:' "$tmp/out")" -eq 3 ] ||
		fail "want the three findings in the change: $out"
	;;
changed-since-unreadable)
	# a diff the reader cannot map to lines (a git that spells it
	# otherwise) is an error naming the file, never fewer findings
	need git
	git init -q repo && cd repo || fail "git init"
	git config user.email t@example.invalid && git config user.name t
	cp ../a.c . && git add a.c && git commit -qm base || fail "commit"
	printf '\nvoid added(atomic_t *v)\n{\n\tatomic_dec(v);\n\tsmp_mb();\n}\n' >>a.c
	real=$(command -v git)
	mkdir "$tmp/bin"
	for mangle in 's#^+++ b/#+++ w/#' '/^+\tsmp_mb/d' 's#^\(@@ .* +[0-9]*\),6 @@#\1,3 @@#'; do
		cat >"$tmp/bin/git" <<GEOF
#!/bin/sh
case " \$* " in
*" diff "*) "$real" "\$@" | sed '$mangle' ;;
*) exec "$real" "\$@" ;;
esac
GEOF
		chmod +x "$tmp/bin/git"
		PATH=$tmp/bin:$PATH run "$oc" --changed-since HEAD a.c -- "$inc"
		[ "$status" -eq 2 ] ||
			fail "a diff mangled by sed '$mangle': exit status $status, want 2; stdout: $out; stderr: $err"
		echo "$err" | grep -q "a.c" ||
			fail "a diff mangled by sed '$mangle': the error does not name a.c: $err"
	done
	;;
with-sparse)
	need sparse
	cp "$root/testcases/addr-dep-plain-load/annotated-regression.c" r.c
	run "$oc" --with-sparse --format=sarif r.c -- "$inc"
	expect_status 1
	grep -q '"ruleId":"sparse","level":"warning","message":{"text":"incorrect type in assignment (different address spaces)"' "$tmp/out" ||
		fail "sparse's warning did not reach SARIF: $(head -c 1500 "$tmp/out")"
	grep -q '"ruleId":"addr-dep-plain-load"' "$tmp/out" || fail "our finding is gone"
	;;
with-cocci)
	need spatch
	# a shape only the Coccinelle rule reports (same location: the checker
	# knows coherence orders it), and one both report (merged once)
	cat >c.c <<'CEOF'
#include <ordercheck/linux.h>
atomic_t state;
void f(void)
{
	if (atomic_read(&state) == 1)
		atomic_set(&state, 2);
	else
		atomic_set(&state, 2);
}
CEOF
	run "$oc" --with-cocci --cocci-dir "$root/rules" c.c a.c -- "$inc"
	expect_status 1
	grep -q "c.c:6:.*\[ctrl-dep-identical-stores\]" "$tmp/out" ||
		fail "no Coccinelle report merged: $(cat "$tmp/out" "$tmp/err")"
	n=$(grep -c "a.c:14:.*\[mb-after-atomic\]" "$tmp/out")
	[ "$n" -eq 1 ] || fail "a finding of both engines shows $n times"
	;;
*)
	echo "unknown case $case"
	exit 2
	;;
esac
echo "ok: $case"
exit 0
