#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# from-prefix.sh PREFIX, run by hide.sh's from_prefix in a mount namespace
# where the source and build trees are empty: the installed ordercheck
# (PREFIX/bin, found on PATH as users and kbuild find it) on work/a.c
# beside this copy, a rule testcase that includes the model header
# <ordercheck/linux.h>. Self-contained: the harness is in the hidden tree.
set -u
tmp=$(cd "$(dirname "$0")" && pwd)
prefix=$1
PATH=$prefix/bin:$PATH
export PATH
cd "$tmp/work" || exit 1

fail() {
	echo "FAIL: $*"
	exit 1
}

# run WANT_STATUS CMD...: stdout in out, stderr in err
run() {
	want=$1
	shift
	st=0
	"$@" >out 2>err || st=$?
	[ "$st" -eq "$want" ] ||
		fail "$*: exit $st, want $want; stderr: $(head -c 1500 err); stdout: $(head -c 1500 out)"
}

# json_has EXPR: python's EXPR over the report d (in out) is true
json_has() {
	python3 -c "import json, sys; d = json.load(open('out')); sys.exit(0 if ($1) else 1)" ||
		fail "the report lacks $1: $(head -c 1500 out)"
}

# text: a finding only a parse with the model header gives
run 1 ordercheck a.c
grep -q '^a.c:14:2: warning: .*\[mb-after-atomic\]$' out ||
	fail "text: no mb-after-atomic at a.c:14: $(cat out err)"
echo "ok: text"

run 1 ordercheck --format=json a.c
json_has 'd["diagnostics"] and not d["errors"]'
echo "ok: json"

run 1 ordercheck --format=sarif a.c
json_has 'any(r["ruleId"] == "mb-after-atomic" for r in d["runs"][0]["results"])'
json_has 'not d["runs"][0]["invocations"][0].get("toolExecutionNotifications")'
echo "ok: sarif"

run 1 ordercheck --format=codeclimate a.c
json_has 'any(i["check_name"] == "mb-after-atomic" for i in d)'
echo "ok: codeclimate"

# html: each rule links to its page, installed under the prefix
run 1 ordercheck --format=html -o r.html a.c
link=$(grep -o 'class="rule" href="[^"]*"' r.html | head -1 | sed 's/.*href="//; s/"$//')
case $link in
"file://$prefix/share/ordercheck/"*/mb-after-atomic/README.md) ;;
*) fail "html: the rule page link is $link, not under $prefix/share/ordercheck" ;;
esac
grep -q '^# mb-after-atomic' "${link#file://}" ||
	fail "html: the linked page ${link#file://} is not the rule's"
echo "ok: html, rule pages at ${link%/mb-after-atomic/README.md}"

# every rule's page, and what the pages link to, is installed
pages=$prefix/share/ordercheck/rules
ordercheck --list-rules | awk '/^  [a-z]/ { print $1 }' >ids
[ -s ids ] || fail "--list-rules lists no rule"
while read -r id; do
	[ -f "$pages/$id/README.md" ] || fail "no page for $id in $pages"
	grep -o '](\.\./[^)#]*' "$pages/$id/README.md" | cut -c3- |
		while read -r l; do
			[ -e "$pages/$id/$l" ] ||
				fail "$id/README.md links to $l, not installed"
		done || exit 1
done <ids
echo "ok: $(wc -l <ids) rule pages"

# --with-cocci: the installed rules. spatch takes a second a rule, so a
# stand-in first on PATH notes every rule it is given and runs the real
# one on ctrl-dep-identical-stores alone, whose message differs from the
# checker's (disabled here, so only Coccinelle's can show).
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
real=$(command -v spatch)
mkdir stand-in
cat >stand-in/spatch <<SEOF
#!/bin/sh
echo "\$2" >>"$tmp/work/rules-run"
case \$2 in
*/ctrl-dep-identical-stores.cocci) exec "$real" "\$@" ;;
esac
SEOF
chmod +x stand-in/spatch
PATH=$tmp/work/stand-in:$PATH run 1 ordercheck --with-cocci \
	-Wno-ctrl-dep-identical-stores c.c
grep -q '^c.c:6:3: warning: both legs .*(other at line 8).*\[ctrl-dep-identical-stores\]$' out ||
	fail "--with-cocci: no Coccinelle report: $(cat out err)"
n=$(grep -c "^$prefix/share/ordercheck/cocci/[a-z0-9-]*\.cocci$" rules-run)
if [ "$n" -ne "$(cat "$tmp/cocci-rules")" ] || [ "$n" -ne "$(wc -l <rules-run)" ]; then
	fail "--with-cocci ran $n of $(cat "$tmp/cocci-rules") rules from the prefix: $(cat rules-run)"
fi
echo "ok: --with-cocci ($n rules from the prefix)"

# kbuild: make C=1 CHECK=ordercheck runs $(CHECK) $(CHECKFLAGS) $(c_flags)
# $< with KBUILD_CHECKSRC set (scripts/Makefile.build's cmd_checksrc)
cat >Makefile <<'MEOF'
export KBUILD_CHECKSRC := $(C)
a.o: a.c
	$(CHECK) $(CHECKFLAGS) -Wp,-MMD,.a.o.d -D__KERNEL__ -include stddef.h -O2 $<
MEOF
run 0 make -s C=1 CHECK=ordercheck
grep -q '^a.c:14:2: warning: .*\[mb-after-atomic\]$' err ||
	fail "kbuild: no sparse-style finding on stderr: $(cat out err)"
echo "ok: kbuild (make C=1 CHECK=ordercheck)"

# and the same run without the prefix's data: it is what was read
mv "$prefix/share/ordercheck" "$prefix/share/moved"
run 2 ordercheck a.c
mv "$prefix/share/moved" "$prefix/share/ordercheck"
echo "ok: without $prefix/share/ordercheck: exit 2 ($(head -1 out))"
