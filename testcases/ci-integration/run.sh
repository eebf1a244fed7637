#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run.sh ORDERCHECK CASE: integration/ci's GitHub workflow and GitLab job on
# a small C project in a git repository, their steps run here as the CI
# services run them (ci_steps.py reads the YAML files with PyYAML: the
# test runs what they say, so the files and integration/ci/ordercheck-ci.sh
# cannot drift apart). Not run here: the steps that need the network (installing
# packages, cloning and building ordercheck); in their place the ordercheck
# checkout the build step would leave is laid out with ORDERCHECK as its
# binary. Exit 0 when it all behaves, 1 with a reason, 77 when a tool the
# test needs (or python3-yaml) is missing (ctest reports it as skipped).
# shellcheck disable=SC2015 # "A && B || fail": fail unless both hold
set -u
oc=$1
case=$2
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
gh=$root/integration/ci/github/ordercheck.yml
gl=$root/integration/ci/gitlab/ordercheck.gitlab-ci.yml
gh_sharded=$root/integration/ci/github/ordercheck-sharded.yml
gl_sharded=$root/integration/ci/gitlab/ordercheck-sharded.gitlab-ci.yml
# @microsoft/sarif-multitool, as scripts/install-deps.sh installs it
validator=${SARIF_MULTITOOL:-/opt/sarif/node_modules/.bin/sarif-multitool}

need git cmake cc python3 bash
python3 -c 'import yaml' 2>/dev/null || skip "no PyYAML (python3-yaml)"
case $oc in
/*) ;;
*) oc=$(pwd)/$oc ;;
esac
tmp_dir
cd "$tmp" || exit 1

# q FILE EXPR: EXPR in Python over the JSON in FILE (r; s: its steps by id
# or uses:)
q() {
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
s = {x.get("id") or x.get("uses"): x for x in r.get("steps", [])} if isinstance(r, dict) else {}
v = eval(sys.argv[2])
print(json.dumps(v) if isinstance(v, (dict, list)) else v)' "$1" "$2" ||
		fail "no $2 in $1: $(cat "$1")"
}

# ---- the project: a CMake build, a header, one file with two findings
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.invalid
export GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.invalid
git init -q -b main upstream 2>/dev/null || { git init -q upstream && git -C upstream checkout -q -b main; } || fail "git init"
cd upstream || exit 1
mkdir -p src include
cp -R "$root/checker/include/ordercheck" include/
cat >CMakeLists.txt <<'EOF'
cmake_minimum_required(VERSION 3.18)
project(toy C)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)
add_library(toy STATIC src/waiter.c src/counter.c)
target_include_directories(toy PRIVATE include)
EOF
# store-then-mb at lines 12 and 21
cp "$root/testcases/store-then-mb/bad.c" src/waiter.c
cat >src/counter.c <<'EOF'
#include <ordercheck/linux.h>

atomic_t hits;

void count(void)
{
	atomic_inc(&hits);
}
EOF
git add . && git commit -qm "toy project" || fail "commit"
base=$(git rev-parse HEAD)
# a change that adds a finding (mb-after-atomic at counter.c:13) ...
git checkout -q -b feature
cat >>src/counter.c <<'EOF'

void count_and_publish(int *ready)
{
	atomic_inc(&hits);
	smp_mb();
	WRITE_ONCE(*ready, 1);
}
EOF
git commit -qam "count_and_publish" || fail "commit"
# ... and one that touches the file with findings, not their lines
git checkout -q -b clean main
cat >>src/waiter.c <<'EOF'

/* the version of the waiter protocol */
int waiter_version(void)
{
	return 2;
}
EOF
git commit -qam "waiter_version" || fail "commit"
# ... and one with a writer and a reader in two files: the tree rules' pair
git checkout -q -b pairs main
cp "$root"/testcases/pair-missing-acquire/two-files/*.[ch] src/
sed -i 's|src/counter.c)|src/counter.c src/producer.c src/consumer.c)|' CMakeLists.txt
git add . && git commit -qm "msgq" || fail "commit"
git checkout -q main
cd "$tmp" || exit 1

# ---- the ordercheck checkout as the CI files' build step leaves it
mkdir -p runner/ordercheck/integration runner/ordercheck/build
cp -R "$root/integration/ci" runner/ordercheck/integration/
ln -s "$oc" runner/ordercheck/build/ordercheck

# github_run NAME EVENT BRANCH [SKIP]: the workflow's job for EVENT on a
# fresh clone of BRANCH (a pull request's base is main), without the steps
# that need the network and those in SKIP; $ws, $res, $logs
github_run() {
	ws=$tmp/$1
	logs=$tmp/$1.ci
	res=$logs/result.json
	git clone -q -b "$3" upstream "$ws" || fail "clone"
	base_ref=""
	[ "$2" = pull_request ] && base_ref=main
	# shellcheck disable=SC2086 # GH_ARGS: options without blanks
	python3 "$here/ci_steps.py" github "${GH_FILE:-$gh}" --job "${GH_JOB:-ordercheck}" --event "$2" \
		${base_ref:+--base-ref "$base_ref"} ${GH_ARGS:-} \
		--workspace "$ws" --runner-temp "$tmp/runner" --out "$logs" \
		--skip "deps,build-ordercheck${4:+,$4}" ||
		fail "ci_steps could not run ${GH_FILE:-$gh} as it is"
}

# gitlab_run NAME BRANCH VAR=VALUE...: the job's script on a fresh clone
# of BRANCH, for the pipeline the predefined (CI_*) and CI/CD variables
# describe; $ws, $res, $log
gitlab_run() {
	ws=$tmp/$1
	logs=$tmp/$1.ci
	res=$logs/result.json
	log=$logs/job.log
	git clone -q -b "$2" upstream "$ws" || fail "clone"
	shift 2
	vars=""
	for v in "ORDERCHECK_SRC=$tmp/runner/ordercheck" "$@"; do
		vars="$vars --var $v"
	done
	# shellcheck disable=SC2086 # the test's values have no blanks
	python3 "$here/ci_steps.py" gitlab "${GL_FILE:-$gl}" --job "${GL_JOB:-ordercheck}" --no-before-script \
		--workspace "$ws" --out "$logs" $vars ||
		fail "ci_steps could not run ${GL_FILE:-$gl} as it is"
	[ "$(q "$res" 'r["ran"]')" = True ] || fail "the job did not run for $*"
}

# step ID: the GitHub step's exit status ("skipped", "not run here")
step() {
	q "$res" "s['$1']['status']"
}

steplog() {
	cat "$(q "$res" "s['$1']['log']")"
}

# check_sarif FILE N: SARIF 2.1.0 with N store-then-mb results in
# src/waiter.c (and what else N says), valid for the validator's SARIF and
# GitHub rules when it is here
check_sarif() {
	python3 - "$1" "$2" <<'PY' || fail "not the SARIF wanted: $(head -c 3000 "$1")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == "2.1.0", d["version"]
res = d["runs"][0]["results"]
got = sorted((r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
              r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in res)
want = [("store-then-mb", "src/waiter.c", 12), ("store-then-mb", "src/waiter.c", 21)]
if sys.argv[2] == "3":
    want = [("mb-after-atomic", "src/counter.c", 13)] + want
assert got == want, got
PY
	check_sarif_valid "$1"
}

# check_sarif_valid FILE: valid for the validator's SARIF and GitHub
# rules when it is here
check_sarif_valid() {
	if [ -x "$validator" ]; then
		for kind in Sarif Gh; do
			rm -f "$tmp/val.sarif"
			"$validator" validate "$1" --rule-kind "$kind" --output "$tmp/val.sarif" \
				>"$tmp/val.log" 2>&1 || fail "validator failed: $(cat "$tmp/val.log")"
			v=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["runs"][0].get("results", []))' "$tmp/val.sarif")
			[ "$v" = "[]" ] || fail "the validator ($kind rules) says: $v"
		done
	else
		echo "note: no $validator, SARIF not validated"
	fi
}

# check_codequality FILE N: GitLab code quality with N issues (2: the
# store-then-mb ones, 3: and mb-after-atomic in counter.c; 0: none)
check_codequality() {
	python3 - "$1" "$2" <<'PY' || fail "not the code quality report wanted: $(head -c 3000 "$1")"
import json, sys
issues = json.load(open(sys.argv[1]))
assert isinstance(issues, list)
for i in issues:
    for k in ("description", "check_name", "fingerprint", "severity", "location"):
        assert k in i and i[k], k
    assert i["severity"] in ("info", "minor", "major", "critical", "blocker"), i["severity"]
    assert isinstance(i["location"]["lines"]["begin"], int)
assert len({i["fingerprint"] for i in issues}) == len(issues), "duplicate fingerprints"
got = sorted((i["check_name"], i["location"]["path"], i["location"]["lines"]["begin"]) for i in issues)
want = {"0": [], "1": [("mb-after-atomic", "src/counter.c", 13)],
        "2": [("store-then-mb", "src/waiter.c", 12), ("store-then-mb", "src/waiter.c", 21)]}
want["3"] = want["1"] + want["2"]
assert got == want[sys.argv[2]], got
PY
}

# results FILE...: each SARIF result as "rule file:line", sorted; or, for
# code quality reports (a JSON array), each issue the same way
results() {
	python3 - "$@" <<'PY' || fail "not SARIF or code quality: $*"
import json, sys
out = []
for p in sys.argv[1:]:
    d = json.load(open(p))
    if isinstance(d, list):
        out += ["%s %s:%d" % (i["check_name"], i["location"]["path"], i["location"]["lines"]["begin"]) for i in d]
        continue
    for r in d["runs"][0]["results"]:
        loc = r["locations"][0]["physicalLocation"]
        out.append("%s %s:%d" % (r["ruleId"], loc["artifactLocation"]["uri"], loc["region"]["startLine"]))
print("\n".join(sorted(out)))
PY
}

# what the one-job form reports on the pairs branch: the sharded jobs
# together must report the same
pairs_want="pair-missing-acquire src/consumer.c:9
pair-named-partner-unordered src/consumer.c:7
store-then-mb src/waiter.c:12
store-then-mb src/waiter.c:21"

# warnings LOG: the findings in a text log
warnings() {
	grep -c 'warning:' "$1"
}

case $case in
github-sarif)
	github_run push push main
	[ "$(q "$res" 'r["status"]')" = success ] || fail "the job failed: $(cat "$logs"/*.log)"
	[ "$(step compdb)" = 0 ] || fail "compile_commands.json step: $(steplog compdb)"
	[ "$(step sarif)" = 0 ] || fail "findings failed the SARIF step: $(steplog sarif)"
	[ "$(step changed)" = skipped ] || fail "the pull-request step ran on a push"
	sarif=$(q "$res" "s['github/codeql-action/upload-sarif@v3']['with']['sarif_file']")
	[ -f "$ws/$sarif" ] || fail "upload-sarif uploads $sarif, which the steps did not write: $(steplog sarif)"
	check_sarif "$ws/$sarif" 2
	q "$res" "s['github/codeql-action/upload-sarif@v3']['status']" >/dev/null
	# what the steps need of the rest of the workflow
	python3 "$here/ci_steps.py" dump "$gh" >wf.json || fail "cannot read $gh"
	q wf.json 'r["on"]["push"], r["on"]["pull_request"]' >/dev/null
	[ "$(q wf.json 'r["permissions"]["security-events"]')" = write ] || fail "no security-events: write"
	j='r["jobs"]["ordercheck"]'
	[ "$(q wf.json "${j}[\"container\"]")" = debian:12 ] || fail "not on debian:12"
	[ "$(q wf.json "[x.get('with', {}).get('fetch-depth') for x in ${j}['steps'] if x.get('uses') == 'actions/checkout@v4']")" = '["0"]' ] ||
		fail "no actions/checkout@v4 with fetch-depth: 0 (--changed-since needs the history)"
	[ "$(q wf.json "[x.get('id') or x.get('uses') for x in ${j}['steps']].index('github/codeql-action/upload-sarif@v3') > [x.get('id') for x in ${j}['steps']].index('sarif')")" = True ] ||
		fail "the upload comes before the SARIF step"
	;;
gitlab-codeclimate)
	gitlab_run branch main CI_PIPELINE_SOURCE=push CI_COMMIT_BRANCH=main
	[ "$(q "$res" 'r["status"]')" = 0 ] || fail "the job failed: $(cat "$log")"
	[ "$(q "$res" 'r["artifacts"]["when"]')" = always ] ||
		fail "artifacts not kept when the job fails (when: always)"
	cq=$(q "$res" 'r["artifacts"]["reports"]["codequality"]')
	[ -f "$ws/$cq" ] || fail "the code quality report $cq was not written: $(cat "$log")"
	check_codequality "$ws/$cq" 2
	for p in $(q "$res" '" ".join(r["artifacts"]["paths"])'); do
		[ -f "$ws/$p" ] || fail "artifact $p was not written: $(cat "$log")"
	done
	q "$res" 'r["artifacts"]["paths"]' | grep -q '\.sarif"' || fail "no SARIF artifact"
	check_sarif "$ws/ordercheck.sarif" 2
	[ "$(warnings "$log")" -eq 0 ] || fail "a branch pipeline ran the merge-request check: $(cat "$log")"
	;;
changed-since)
	# GitHub: a pull request that adds a finding fails, and only that one
	# is reported; code scanning still gets them all
	github_run pr-bad pull_request feature
	[ "$(q "$res" 'r["status"]')" = failure ] || fail "a pull request with a new finding passed: $(cat "$logs"/*.log)"
	[ "$(step sarif)" = 0 ] || fail "the SARIF step failed: $(steplog sarif)"
	check_sarif "$ws/ordercheck.sarif" 3
	[ "$(step changed)" = 1 ] || fail "pull-request step: exit status $(step changed), want 1: $(steplog changed)"
	steplog changed >pr.log
	[ "$(warnings pr.log)" -eq 1 ] && grep -q 'src/counter.c:13:.*\[mb-after-atomic\]' pr.log ||
		fail "want the one new finding: $(cat pr.log)"
	# a pull request that touches the file, not its findings, passes
	github_run pr-clean pull_request clean
	[ "$(q "$res" 'r["status"]')" = success ] || fail "a clean pull request failed: $(cat "$logs"/*.log)"
	[ "$(step changed)" = 0 ] || fail "pull-request step: $(steplog changed)"
	[ "$(steplog changed | warnings -)" -eq 0 ] || fail "findings reported: $(steplog changed)"
	# GitLab: the same for merge requests
	gitlab_run mr-bad feature CI_PIPELINE_SOURCE=merge_request_event "CI_MERGE_REQUEST_DIFF_BASE_SHA=$base"
	[ "$(q "$res" 'r["status"]')" != 0 ] || fail "a merge request with a new finding passed: $(cat "$log")"
	grep -v '^ordercheck-ci:' "$log" >mr.log
	[ "$(warnings mr.log)" -eq 1 ] && grep -q 'src/counter.c:13:.*\[mb-after-atomic\]' mr.log ||
		fail "want the one new finding: $(cat "$log")"
	check_codequality "$ws/$(q "$res" 'r["artifacts"]["reports"]["codequality"]')" 3
	gitlab_run mr-clean clean CI_PIPELINE_SOURCE=merge_request_event "CI_MERGE_REQUEST_DIFF_BASE_SHA=$base"
	[ "$(q "$res" 'r["status"]')" = 0 ] || fail "a clean merge request failed: $(cat "$log")"
	[ "$(warnings "$log")" -eq 0 ] || fail "findings reported: $(cat "$log")"
	;;
baseline)
	# a CI/CD variable BASELINE: the accepted findings are not reported
	git clone -q upstream scratch && cd scratch || fail "clone"
	cmake -S . -B build >/dev/null || fail "cmake"
	"$oc" -p build --no-facts --write-baseline .ordercheck-baseline >/dev/null 2>&1
	[ -s .ordercheck-baseline ] || fail "no baseline written"
	git add .ordercheck-baseline && git commit -qm baseline && git push -q origin HEAD:baselined || fail "push"
	git checkout -q -b new && git cherry-pick origin/main..origin/feature >/dev/null 2>&1 &&
		git push -q origin HEAD:baselined-new || fail "cherry-pick"
	cd "$tmp" || exit 1
	gitlab_run accepted baselined CI_PIPELINE_SOURCE=push CI_COMMIT_BRANCH=baselined BASELINE=.ordercheck-baseline
	[ "$(q "$res" 'r["status"]')" = 0 ] || fail "the job failed: $(cat "$log")"
	check_codequality "$ws/gl-code-quality-report.json" 0
	gitlab_run new baselined-new CI_PIPELINE_SOURCE=push CI_COMMIT_BRANCH=baselined-new BASELINE=.ordercheck-baseline
	check_codequality "$ws/gl-code-quality-report.json" 1
	;;
github-sharded)
	# the matrix form: each shard job in turn in the same workspace path (as
	# on GitHub's runners), its store passed on as the artifact it uploads
	python3 "$here/ci_steps.py" dump "$gh_sharded" >wf.json || fail "cannot read $gh_sharded"
	shards=$(q wf.json '" ".join(r["jobs"]["shard"]["strategy"]["matrix"]["shard"])')
	n=$(q wf.json 'r["env"]["SHARDS"]')
	[ "$(echo $shards | wc -w)" = "$n" ] || fail "SHARDS=$n but the matrix lists $shards"
	[ "$(q wf.json 'r["jobs"]["pairs"]["needs"]')" = shard ] || fail "the pairs job does not need the shards"
	mkdir -p artifacts
	for k in $shards; do
		rm -rf "$tmp/sharded" "$tmp/sharded.ci"
		GH_FILE=$gh_sharded GH_JOB=shard GH_ARGS="--matrix shard=$k --sha 0123abc" github_run sharded push pairs
		[ "$(q "$res" 'r["status"]')" = success ] || fail "shard $k failed: $(cat "$logs"/*.log)"
		steplog shard | grep -q -- "--shard $k/$n" || fail "shard $k did not run --shard $k/$n: $(steplog shard)"
		art=$(q "$res" "s['actions/upload-artifact@v4']['with']")
		name=$(q "$res" "s['actions/upload-artifact@v4']['with']['name']")
		path=$(q "$res" "s['actions/upload-artifact@v4']['with']['path']")
		[ -f "$ws/$path" ] || fail "shard $k uploads $path, which it did not write: $art"
		[ "$(q "$res" "s['actions/cache/save@v4']['with']['path']")" = "$path" ] || fail "the cache does not keep the store $path"
		case $(q "$res" "s['actions/cache/save@v4']['with']['key']") in
		*"-$k-of-$n-0123abc") ;;
		*) fail "the cache key does not name the shard and the commit: $(q "$res" "s['actions/cache/save@v4']['with']")" ;;
		esac
		mkdir -p "artifacts/$name" && cp "$ws/$path" "artifacts/$name/" || fail "artifact"
		sarif=$(q "$res" "s['github/codeql-action/upload-sarif@v3']['with']['sarif_file']")
		cp "$ws/$sarif" "shard-$k.sarif" || fail "shard $k wrote no $sarif"
		q "$res" "s['github/codeql-action/upload-sarif@v3']['with']['category']" >>categories
	done
	[ "$(sort -u categories | wc -l)" = "$n" ] || fail "the shards upload under the same category: $(cat categories)"
	# the pairs job: download-artifact puts each artifact in PATH/NAME/
	rm -rf "$tmp/sharded" "$tmp/sharded.ci"
	git clone -q -b pairs upstream "$tmp/sharded" || fail "clone"
	dl=$(python3 -c 'import json,sys; w=json.load(open(sys.argv[1])); print([x for x in w["jobs"]["pairs"]["steps"] if x.get("uses") == "actions/download-artifact@v4"][0]["with"]["path"])' wf.json)
	cp -R artifacts "$tmp/sharded/$dl" || fail "download"
	rm -rf "$tmp/sharded.ci"
	ws=$tmp/sharded logs=$tmp/sharded.ci res=$tmp/sharded.ci/result.json
	python3 "$here/ci_steps.py" github "$gh_sharded" --job pairs --event push \
		--workspace "$ws" --runner-temp "$tmp/runner" --out "$logs" \
		--skip deps,build-ordercheck || fail "ci_steps could not run the pairs job"
	[ "$(q "$res" 'r["status"]')" = success ] || fail "the pairs job failed: $(cat "$logs"/*.log)"
	steplog pairs | grep -q -- "--pair-only" || fail "the pairs job did not pair the store: $(steplog pairs)"
	sarif=$(q "$res" "s['github/codeql-action/upload-sarif@v3']['with']['sarif_file']")
	got=$(results shard-*.sarif "$ws/$sarif")
	[ "$got" = "$pairs_want" ] || fail "the sharded jobs report
$got
want
$pairs_want"
	results "$ws/$sarif" | grep -q '^store-then-mb' && fail "the pairs job repeats the shards' findings"
	for k in $shards; do
		results "shard-$k.sarif" | grep -q '^pair-' && fail "shard $k paired"
	done
	check_sarif_valid "$ws/$sarif"
	;;
gitlab-sharded)
	python3 "$here/ci_steps.py" dump "$gl_sharded" >ci.json || fail "cannot read $gl_sharded"
	n=$(q ci.json 'r["ordercheck-shard"]["parallel"]')
	mkdir -p artifacts
	for k in $(seq 1 "$n"); do
		rm -rf "$tmp/sharded" "$tmp/sharded.ci"
		GL_FILE=$gl_sharded GL_JOB=ordercheck-shard gitlab_run sharded pairs \
			CI_PIPELINE_SOURCE=push CI_COMMIT_BRANCH=pairs CI_NODE_INDEX="$k" CI_NODE_TOTAL="$n"
		[ "$(q "$res" 'r["status"]')" = 0 ] || fail "shard $k failed: $(cat "$log")"
		grep -q -- "--shard $k/$n" "$log" || fail "shard $k did not run --shard $k/$n: $(cat "$log")"
		for p in $(q "$res" '" ".join(r["artifacts"]["paths"])'); do
			[ -f "$ws/$p" ] || fail "artifact $p was not written: $(cat "$log")"
			cp "$ws/$p" artifacts/ || fail "artifact"
		done
		q "$res" 'r["cache"]["paths"]' | grep -q "ordercheck-facts-$k.sqlite" ||
			fail "the cache does not keep this shard's store: $(q "$res" 'r["cache"]')"
		cp "$ws/$(q "$res" 'r["artifacts"]["reports"]["codequality"]')" "cq-$k.json" || fail "no code quality report"
	done
	rm -rf "$tmp/sharded" "$tmp/sharded.ci"
	git clone -q -b pairs upstream "$tmp/sharded" || fail "clone"
	cp artifacts/*.sqlite "$tmp/sharded/" || fail "artifacts"
	mkdir -p "$tmp/sharded.ci"
	ws=$tmp/sharded logs=$tmp/sharded.ci res=$tmp/sharded.ci/result.json log=$tmp/sharded.ci/job.log
	python3 "$here/ci_steps.py" gitlab "$gl_sharded" --job ordercheck-pairs --no-before-script \
		--workspace "$ws" --out "$logs" --var "ORDERCHECK_SRC=$tmp/runner/ordercheck" \
		--var CI_PIPELINE_SOURCE=push --var CI_COMMIT_BRANCH=pairs || fail "ci_steps could not run the pairs job"
	[ "$(q "$res" 'r["status"]')" = 0 ] || fail "the pairs job failed: $(cat "$log")"
	[ "$(q "$res" 'r["needs"]')" = '["ordercheck-shard"]' ] || fail "the pairs job does not need the shards"
	cq=$(q "$res" 'r["artifacts"]["reports"]["codequality"]')
	got=$(results cq-*.json "$ws/$cq")
	[ "$got" = "$pairs_want" ] || fail "the sharded jobs report
$got
want
$pairs_want"
	;;
missing-database)
	# the workflow without its compile_commands.json step
	github_run nodb push main compdb
	[ "$(q "$res" 'r["status"]')" = failure ] || fail "the job passed without a compile_commands.json"
	[ "$(step sarif)" != 0 ] || fail "the SARIF step passed"
	steplog sarif | grep -q 'ordercheck-ci: error: no build/compile_commands.json' ||
		fail "no clear error: $(steplog sarif)"
	# the script itself, on each setup mistake
	cd "$ws" || exit 1
	ci=$tmp/runner/ordercheck/integration/ci/ordercheck-ci.sh
	expect_error() {
		want=$1
		shift
		env "$@" "$ci" >"$tmp/out" 2>&1
		status=$?
		[ "$status" -eq 2 ] || fail "$*: exit status $status, want 2: $(cat "$tmp/out")"
		grep -q "^ordercheck-ci: error: .*$want" "$tmp/out" || fail "$*: no clear error ($want): $(cat "$tmp/out")"
	}
	expect_error 'no nowhere/compile_commands.json' BUILD_DIR=nowhere
	cmake -S . -B build >/dev/null || fail "cmake"
	expect_error "no ordercheck binary at '$tmp/nothing'" ORDERCHECK="$tmp/nothing"
	expect_error "no ordercheck binary at '$tmp'" ORDERCHECK="$tmp"
	expect_error 'not a commit.*fetch-depth' CHANGED_SINCE=no-such-rev
	expect_error 'BASELINE=missing: no such file' BASELINE=missing
	expect_error 'FORMAT=xml' FORMAT=xml
	expect_error 'FAIL_ON=often' FAIL_ON=often
	# no ORDERCHECK, not built next to the script, not on PATH
	mkdir -p "$tmp/bare" && cp "$ci" "$tmp/bare/" && ci=$tmp/bare/ordercheck-ci.sh
	if PATH=/usr/bin:/bin command -v ordercheck >/dev/null; then
		echo "note: ordercheck is on PATH, its absence not tested"
	else
		expect_error 'no ordercheck binary: not built' PATH=/usr/bin:/bin
	fi
	# and it works once set up
	env ORDERCHECK="$oc" FORMAT=text "$ci" >"$tmp/out" 2>&1
	[ $? -eq 1 ] && [ "$(warnings "$tmp/out")" -eq 2 ] || fail "set up, it does not run: $(cat "$tmp/out")"
	;;
*)
	echo "unknown case $case"
	exit 2
	;;
esac
echo "ok: $case"
exit 0
