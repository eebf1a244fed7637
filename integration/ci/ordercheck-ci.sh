#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# ordercheck-ci.sh: the one step that GitHub Actions (github/ordercheck.yml)
# and GitLab CI (gitlab/ordercheck.gitlab-ci.yml) run: ordercheck over
# $BUILD_DIR/compile_commands.json, from the top of the checked-out project
# (report paths are relative to the current directory).
#
# Environment (all optional):
#   ORDERCHECK     the binary (default: build/ordercheck of the ordercheck
#                  checkout this script is in, else ordercheck on PATH)
#   BUILD_DIR      the directory of compile_commands.json (default: build)
#   FORMAT         text, json, sarif (default) or codeclimate
#   OUTPUT         the report file (default: ordercheck.sarif,
#                  gl-code-quality-report.json, ordercheck.json; text and
#                  "-": the job log)
#   BASELINE       report only the findings not in this file (written with
#                  ordercheck --write-baseline)
#   CHANGED_SINCE  report only the findings on lines changed since this git
#                  revision (needs the history: fetch-depth 0 / GIT_DEPTH 0)
#   FAIL_ON        remark, warning (default), error, or never: the lowest
#                  severity that fails the step; never: findings do not
#                  (errors still do)
#   ORDERCHECK_ARGS  more options, split on blanks (-j 4, -Wno-<rule-id>)
#   FACTS          the facts store (default: $BUILD_DIR/ordercheck-facts.sqlite)
#   SHARD          K/N: check only the K-th of N stable parts of the database
#                  into FACTS, and leave the tree rules (pairing) to the
#                  MERGE_FACTS job (the matrix form of the templates)
#   MERGE_FACTS    the shards' stores (globs, split on blanks): merge them
#                  into FACTS and run the tree rules over it alone
#                  (--pair-only); needs no compile_commands.json
# Exit status: ordercheck's (0 clean, 1 findings, 2 an error), and 2 with
# an "ordercheck-ci: error:" line when the setup is wrong.
set -u

die() {
	echo "ordercheck-ci: error: $*" >&2
	exit 2
}

here=$(cd "$(dirname "$0")" && pwd)
ORDERCHECK=${ORDERCHECK:-}
if [ -z "$ORDERCHECK" ]; then
	if [ -x "$here/../../build/ordercheck" ]; then
		ORDERCHECK=$here/../../build/ordercheck
	else
		ORDERCHECK=$(command -v ordercheck) ||
			die "no ordercheck binary: not built at $here/../../build/ordercheck and not on PATH; build it (cmake -S ORDERCHECK_SRC -B ORDERCHECK_SRC/build && cmake --build ORDERCHECK_SRC/build --target ordercheck) or set ORDERCHECK"
	fi
fi
if [ ! -f "$ORDERCHECK" ] || [ ! -x "$ORDERCHECK" ]; then
	die "no ordercheck binary at '$ORDERCHECK' (ORDERCHECK): did the build step run?"
fi

BUILD_DIR=${BUILD_DIR:-build}
SHARD=${SHARD:-}
MERGE_FACTS=${MERGE_FACTS:-}
[ -z "$SHARD" ] || [ -z "$MERGE_FACTS" ] ||
	die "SHARD and MERGE_FACTS together: a shard job checks its part (SHARD), the pairing job merges the shards' stores (MERGE_FACTS)"
if [ -n "$SHARD" ] && ! printf '%s\n' "$SHARD" | grep -Eq '^[1-9][0-9]*/[1-9][0-9]*$'; then
	die "SHARD=$SHARD: want K/N, e.g. 3/8 (the third of eight parts)"
fi
[ -n "$MERGE_FACTS" ] || [ -f "$BUILD_DIR/compile_commands.json" ] ||
	die "no $BUILD_DIR/compile_commands.json (in $(pwd)): generate it before this step (cmake -B $BUILD_DIR -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or bear -- make, or in a kernel tree make && scripts/clang-tools/gen_compile_commands.py), or set BUILD_DIR to where it is"

FORMAT=${FORMAT:-sarif}
case $FORMAT in
sarif) default_output=ordercheck.sarif ;;
codeclimate) default_output=gl-code-quality-report.json ;;
json) default_output=ordercheck.json ;;
text) default_output=- ;;
*) die "FORMAT=$FORMAT: want text, json, sarif or codeclimate" ;;
esac
OUTPUT=${OUTPUT:-$default_output}

FAIL_ON=${FAIL_ON:-warning}
case $FAIL_ON in
remark | warning | error | never) ;;
*) die "FAIL_ON=$FAIL_ON: want remark, warning, error or never" ;;
esac

if [ -n "$MERGE_FACTS" ]; then
	FACTS=${FACTS:-ordercheck-facts.sqlite}
	# shellcheck disable=SC2086 # globs, expanded here
	set -- $MERGE_FACTS
	for f in "$@"; do
		[ -f "$f" ] || die "MERGE_FACTS: no store $f: did the shard jobs pass their facts stores on as artifacts?"
	done
	# a fresh merge: rows of files the shards no longer hold do not linger
	rm -f "$FACTS"
	echo "ordercheck-ci: $ORDERCHECK merge-facts $FACTS $*" >&2
	"$ORDERCHECK" merge-facts "$FACTS" "$@" ||
		die "merge-facts could not merge $*"
	set -- --facts "$FACTS" --pair-only --format="$FORMAT"
else
	set -- -p "$BUILD_DIR" --format="$FORMAT"
	[ -z "${FACTS:-}" ] || set -- "$@" --facts "$FACTS"
	[ -z "$SHARD" ] || set -- "$@" --shard "$SHARD"
fi
[ "$OUTPUT" = - ] || set -- "$@" -o "$OUTPUT"
[ "$FAIL_ON" = never ] || set -- "$@" --fail-on="$FAIL_ON"
if [ -n "${BASELINE:-}" ]; then
	[ -f "$BASELINE" ] || die "BASELINE=$BASELINE: no such file (write one with: ordercheck -p $BUILD_DIR --write-baseline $BASELINE)"
	set -- "$@" --baseline "$BASELINE"
fi
if [ -n "${CHANGED_SINCE:-}" ]; then
	git rev-parse -q --verify "$CHANGED_SINCE^{commit}" >/dev/null 2>&1 ||
		die "CHANGED_SINCE=$CHANGED_SINCE is not a commit of the repository in $(pwd): is the clone shallow? (GitHub: actions/checkout with fetch-depth: 0; GitLab: GIT_DEPTH: 0)"
	set -- "$@" --changed-since "$CHANGED_SINCE"
fi
# shellcheck disable=SC2086 # ORDERCHECK_ARGS is a list of options
set -- "$@" ${ORDERCHECK_ARGS:-}

echo "ordercheck-ci: $ORDERCHECK $*" >&2
"$ORDERCHECK" "$@"
status=$?
case $status in
0) echo "ordercheck-ci: no findings" >&2 ;;
1)
	if [ "$OUTPUT" = - ]; then
		echo "ordercheck-ci: findings" >&2
	else
		echo "ordercheck-ci: findings, reported in $OUTPUT" >&2
	fi
	;;
*) echo "ordercheck-ci: ordercheck failed (exit status $status): a file could not be checked or the setup is wrong; see above" >&2 ;;
esac
if [ "$status" -eq 1 ] && [ "$FAIL_ON" = never ]; then
	status=0
fi
exit "$status"
