#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run.sh ORDERCHECK CASE: the facts store and what the pairing pass makes
# of it: reuse of unchanged files, invalidation, merging, bad stores,
# litmus tests and herd7. Exit 0 pass, 1 fail (with the reason), 77 skip.
set -u
oc=$1
case=$2
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/../harness/lib.sh
. "$here/../harness/lib.sh"
src=$here/../pair-missing-acquire/two-files
tmp_dir
cd "$tmp" || exit 1

# a build directory over a copy of the two-file case: producer.c writes,
# consumer.c reads, msgq.h between them
setup() {
	mkdir -p tree build
	cp "$src"/msgq.h "$src"/producer.c "$src"/consumer.c tree/
	{
		echo "["
		sep=""
		for f in producer.c consumer.c; do
			printf '%s{"directory":"%s/tree","file":"%s","arguments":["cc","-c","%s"]}\n' \
				"$sep" "$tmp" "$f" "$f"
			sep=","
		done
		echo "]"
	} >build/compile_commands.json
}

finding="consumer.c:9:9: warning: 'msgq.len' is read after 'msgq.seq'"

case $case in
reuse)
	# the second run parses nothing: a crash hook on every file proves it
	setup
	run "$oc" -p build
	expect_status 1
	expect_out "$finding"
	first=$out
	[ -s build/ordercheck-facts.sqlite ] || fail "no store beside compile_commands.json"
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" -p build
	expect_status 1
	expect_err "2 of 2 files unchanged"
	[ "$out" = "$first" ] || fail "a reused run reports differently: $out"
	;;
touched)
	# a new time on the same contents is no change
	setup
	run "$oc" -p build
	sleep 1
	touch tree/msgq.h tree/consumer.c
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" -p build
	expect_status 1
	expect_err "2 of 2 files unchanged"
	;;
header-changed)
	# a header both include changes: both are checked again, and the
	# finding goes once the reader orders its reads
	setup
	run "$oc" -p build
	expect_out "$finding"
	printf '\nstatic inline int msgq_unused(void) { return 0; }\n' >>tree/msgq.h
	ORDERCHECK_TEST_CRASH_ON=producer.c run "$oc" -p build
	expect_out "producer.c: error: the checker crashed on this file"
	run "$oc" -p build
	expect_out "$finding"
	sed -i 's/\*len = READ_ONCE(q->len);.*/smp_rmb(); *len = READ_ONCE(q->len);/' tree/consumer.c
	run "$oc" -p build
	expect_status 0
	expect_err "1 of 2 files unchanged"
	;;
one-file-pairs-with-store)
	# checking only the reader still pairs it with the stored writer
	setup
	run "$oc" -p build
	run "$oc" -p build --no-facts "$tmp/tree/consumer.c"
	expect_status 0
	run "$oc" -p build "$tmp/tree/consumer.c"
	expect_status 1
	expect_out "$finding"
	;;
command-changed)
	setup
	run "$oc" -p build
	sed -i 's/"-c","consumer.c"/"-DX=1","-c","consumer.c"/' build/compile_commands.json
	ORDERCHECK_TEST_CRASH_ON=consumer.c run "$oc" -p build
	expect_out "consumer.c: error: the checker crashed on this file"
	;;
merge)
	# two machines each check one file; merged, the store pairs them
	setup
	cp -r build build2
	run "$oc" -p build --facts a.sqlite "$tmp/tree/producer.c"
	expect_status 0
	run "$oc" -p build2 --facts b.sqlite "$tmp/tree/consumer.c"
	expect_status 0
	run "$oc" merge-facts merged.sqlite a.sqlite b.sqlite
	expect_status 0
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" -p build --facts merged.sqlite
	expect_status 1
	expect_out "$finding"
	expect_err "2 of 2 files unchanged"
	run "$oc" merge-facts merged.sqlite missing.sqlite
	expect_status 2
	;;
shard)
	# N jobs each check a stable part into a store of their own (no
	# pairing there); merged, one --pair-only run pairs the tree
	setup
	run "$oc" -p build --shard 1/1 --facts all.sqlite
	expect_status 0
	case $out in *"$finding"*) fail "a shard paired: $out" ;; esac
	for n in 2 3; do
		total=0
		stores=""
		for k in $(seq 1 $n); do
			run "$oc" -p build --stats --shard $k/$n --facts s$k-$n.sqlite
			expect_status 0
			got=$(printf '%s\n' "$err" | sed -n 's/.*stats: reuse .* of \([0-9]*\) files unchanged.*/\1/p')
			[ -n "$got" ] || fail "no file count in: $err"
			total=$((total + got))
			stores="$stores s$k-$n.sqlite"
			eval "count_${k}_$n=$got"
		done
		[ "$total" -eq 2 ] || fail "the $n shards checked $total files, not 2"
		# shellcheck disable=SC2086 # a list of files
		run "$oc" merge-facts m$n.sqlite $stores
		expect_status 0
		ORDERCHECK_TEST_CRASH_ON=.c run "$oc" --facts m$n.sqlite --pair-only
		expect_status 1
		expect_out "$finding"
	done
	# the same tree elsewhere (another runner's checkout): the same parts
	mkdir moved && cp -r tree build moved/
	sed -i "s|$tmp/tree|$tmp/moved/tree|g" moved/build/compile_commands.json
	for k in 1 2 3; do
		run "$oc" -p moved/build --stats --shard $k/3 --facts moved/s$k.sqlite
		got=$(printf '%s\n' "$err" | sed -n 's/.*stats: reuse .* of \([0-9]*\) files unchanged.*/\1/p')
		eval "want=\$count_${k}_3"
		[ "$got" = "$want" ] || fail "shard $k/3 has $got files moved, $want in place"
	done
	for bad in 0/2 3/2 2 x/2 1/0 1/2x; do
		run "$oc" -p build --shard "$bad"
		expect_status 2
		expect_err "--shard wants K/N"
	done
	run "$oc" -p build --shard 1/2 --pair-only
	expect_status 2
	expect_err "goes with neither --pair-only"
	run "$oc" --shard 1/2 "$tmp/tree/consumer.c"
	expect_status 2
	;;
pair-only)
	# pairing over the store alone: nothing parsed, the finding kept
	setup
	run "$oc" -p build
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" -p build --pair-only
	expect_status 1
	expect_out "$finding"
	# a file named: its findings, with partners from the whole store
	run "$oc" -p build --pair-only "$tmp/tree/consumer.c"
	expect_status 1
	expect_out "$finding"
	run "$oc" -p build --pair-only "$tmp/tree/producer.c"
	expect_status 0
	case $out in *consumer.c*) fail "a file not named was reported: $out" ;; esac
	run "$oc" --pair-only "$tmp/tree/consumer.c"
	expect_status 2
	expect_err "needs a facts store"
	;;
memo)
	# an unchanged tree is not paired again, and any change to what the
	# pass reads (a file's facts) pairs it anew
	setup
	run "$oc" -p build --stats
	expect_status 1
	first=$out
	# the workers' CPU times come back with their files (benchmarks)
	parse=$(printf '%s\n' "$err" | sed -n 's/.*stats: check .*CPU: parsing \([0-9.]*\) s, analysis [0-9.]* s.*/\1/p')
	awk -v p="$parse" 'BEGIN { exit !(p > 0) }' ||
		fail "no parsing time from the workers: $err"
	run "$oc" -p build --stats
	expect_status 1
	expect_err "findings, as the last run's"
	[ "$out" = "$first" ] || fail "the memo reports differently: $out"
	run "$oc" -p build --stats --pair-only
	expect_out "$finding"
	sed -i 's/\*len = READ_ONCE(q->len);.*/smp_rmb(); *len = READ_ONCE(q->len);/' tree/consumer.c
	run "$oc" -p build --stats
	expect_status 0
	case $err in *"as the last run's"*) fail "a changed file reused the memo: $err" ;; esac
	;;
memo-null)
	# a memo row with no value (meta.v is a nullable column: a store
	# another tool or version wrote may hold NULL there) is a miss, not
	# text to read: the tree is paired again and the memo written anew
	setup
	run "$oc" -p build
	expect_out "$finding"
	python3 - build/ordercheck-facts.sqlite <<-'PY' || fail "python3 could not empty the memo"
	import sqlite3, sys
	db = sqlite3.connect(sys.argv[1])
	n = db.execute("UPDATE meta SET v = NULL WHERE k = 'tree-pass'").rowcount
	db.commit()
	sys.exit(n != 1)
	PY
	run "$oc" -p build --stats
	expect_status 1
	expect_out "$finding"
	case $err in *"as the last run's"*) fail "an empty memo was reused: $err" ;; esac
	run "$oc" -p build --stats
	expect_status 1
	expect_err "findings, as the last run's"
	;;
pair-timeout)
	# --timeout bounds the tree pass: an error, exit 2, and the result is
	# not kept as the memo of an unchanged tree
	setup
	ORDERCHECK_TEST_PAIRING_EXPIRED=1 run "$oc" -p build
	expect_status 2
	expect_out "error: pairing the tree took more than 300 seconds"
	case $out in *"$finding"*) fail "a pass out of time finished: $out" ;; esac
	run "$oc" -p build --stats
	expect_status 1
	expect_out "$finding"
	case $err in *"as the last run's"*) fail "an incomplete pass was kept: $err" ;; esac
	;;
pair-cap)
	# a struct shared by more writers than the cap: each reader is paired
	# with the first PAIR_CAP, and a remark names the key
	{
		echo 'struct s { int a, b; };'
		i=0
		while [ $i -lt 300 ]; do
			echo "void w$i(struct s *p) { __atomic_store_n(&p->a, 1, __ATOMIC_RELAXED); __atomic_store_n(&p->b, 1, __ATOMIC_RELEASE); }"
			i=$((i + 1))
		done
		echo 'int r(struct s *p) { if (__atomic_load_n(&p->b, __ATOMIC_RELAXED)) return __atomic_load_n(&p->a, __ATOMIC_RELAXED); return 0; }'
	} >many.c
	run "$oc" many.c
	expect_out "remark: pairing capped: 's.a' then 's.b' has 300 sides like this one; each partner was paired with the first 256"
	expect_out "many.c:302:.*warning:"
	expect_out "note: 'w0()' writes 's.a' before 's.b'"
	;;
two-cwds)
	# a header's function is one function whoever stored it: the store
	# keeps absolute names, so a run from another directory neither sees
	# it twice (two findings) nor shows the first run's relative names
	setup
	cat >>tree/msgq.h <<'EOF2'

static inline int msgq_peek_inline(struct msgq *q)
{
	int seq = READ_ONCE(q->seq);

	return seq + READ_ONCE(q->len);
}
EOF2
	run "$oc" -p build
	expect_status 1
	n=$(echo "$out" | grep -c "msgq.h:.*warning: 'msgq.len' is read after")
	[ "$n" -eq 1 ] || fail "the first run reports the header's reader $n times: $out"
	printf '\nint msgq_other(void) { return 0; }\n' >>tree/consumer.c
	cd tree || exit 1
	run "$oc" -p ../build
	cd .. || exit 1
	expect_status 1
	expect_err "1 of 2 files unchanged"
	n=$(echo "$out" | grep -c "warning: 'msgq.len' is read after 'msgq.seq'.*msgq_post" )
	[ "$n" -eq 2 ] || fail "expected 2 findings (the reader and the header's), got $n: $out"
	echo "$out" | grep -q "tree/" && fail "a name relative to the first run's directory: $out"
	n=$(echo "$out" | grep -c "^msgq.h:.*warning: 'msgq.len' is read after")
	[ "$n" -eq 1 ] || fail "the header's reader is reported $n times: $out"
	;;
header-callee-order)
	# what a file's functions find in a header's function does not depend
	# on which file the same worker checked before (a worker gives a
	# header function's own findings once, but builds it for every file)
	mkdir -p tree build
	cat >tree/h.h <<-'EOF'
	#include <ordercheck/linux.h>
	struct node {
		struct node *next;
		int val;
	};
	static inline void node_publish(struct node *head, struct node *n)
	{
		smp_store_release(&head->next, n);
	}
	EOF
	for f in a b; do
		printf '#include "h.h"\nint %s(struct node *head)\n{\n\tstruct node *n = READ_ONCE(head->next);\n\treturn n->val;\n}\n' \
			"$f" >tree/$f.c
	done
	for order in "a b" "b a"; do
		{
			echo "["
			sep=""
			for f in $order; do
				printf '%s{"directory":"%s/tree","file":"%s.c","arguments":["cc","-c","%s.c"]}\n' \
					"$sep" "$tmp" "$f" "$f"
				sep=","
			done
			echo "]"
		} >build/compile_commands.json
		run "$oc" -p build --no-facts -j1
		expect_status 0
		expect_out "a.c:4:19: remark: READ_ONCE(head->next) heads an address dependency"
		expect_out "b.c:4:19: remark: READ_ONCE(head->next) heads an address dependency"
	done
	;;
header-context)
	# a shared header's function is checked once, in whichever file
	# reaches it first: what that file does around it must not change its
	# findings (here a.c reads q->owner plainly, b.c does not)
	mkdir -p tree/include build
	cat >tree/include/q.h <<-'EOF'
	#include <ordercheck/linux.h>
	struct q {
		int owner;
		int stamp;
	};
	static inline void q_own(struct q *q, int cpu)
	{
		WRITE_ONCE(q->owner, cpu);
	}
	static inline void q_touch(struct q *q)
	{
		if (q->owner != -1)
			WRITE_ONCE(q->stamp, 1);
	}
	EOF
	printf '#include "q.h"\nint a_owner(struct q *q)\n{\n\tq_touch(q);\n\treturn q->owner;\n}\n' >tree/a.c
	printf '#include "q.h"\nvoid b_touch(struct q *q)\n{\n\tq_touch(q);\n}\n' >tree/b.c
	first=""
	for order in "a b" "b a"; do
		{
			echo "["
			sep=""
			for f in $order; do
				printf '%s{"directory":"%s/tree","file":"%s.c","arguments":["cc","-Iinclude","-c","%s.c"]}\n' \
					"$sep" "$tmp" "$f" "$f"
				sep=","
			done
			echo "]"
		} >build/compile_commands.json
		run "$oc" -p build --no-facts -j1
		expect_out "q.h:12:5: warning: plain load of 'q.owner' heads the control dependency"
		[ -z "$first" ] || [ "$out" = "$first" ] || fail "the order of the files changed the findings: $first
then: $out"
		first=$out
	done
	;;
duplicate-entry)
	# one file compiled twice with other flags (Linux: lib/ctype.c for the
	# kernel and the decompressor): each entry keeps its own row, so an
	# unchanged tree parses nothing and reuses the pairing's memo
	setup
	sed -i 's|^\]$|,{"directory":"'"$tmp"'/tree","file":"producer.c","arguments":["cc","-DAGAIN","-c","producer.c"]}\n]|' build/compile_commands.json
	run "$oc" -p build --stats
	expect_status 1
	expect_out "$finding"
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" -p build --stats
	expect_status 1
	expect_err "3 of 3 files unchanged"
	expect_err "findings, as the last run's"
	expect_out "$finding"
	;;
stale-row)
	# a file the compile database no longer has is no part of the tree:
	# its stored row is not paired, and a run over the whole database
	# deletes it (a shard's run too: the database says what is stale)
	setup
	run "$oc" -p build
	expect_out "$finding"
	cp build/compile_commands.json both.json
	sed -i '/"producer.c"/d; s/^,{/{/' build/compile_commands.json
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" -p build --pair-only
	expect_status 0
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" -p build "$tmp/tree/consumer.c"
	expect_status 0
	expect_err "1 of 1 files unchanged"
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" -p build
	expect_status 0
	expect_err "1 of 1 files unchanged"
	# and without an error: the deletion is one transaction, begun and
	# committed (a COMMIT with none begun fails, the rows gone or not)
	case $err in *"facts store"*) fail "deleting the stale row: $err" ;; esac
	# deleted: the store alone, with no database, pairs nothing either
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" --facts build/ordercheck-facts.sqlite --pair-only
	expect_status 0
	# the file back: checked again, and paired
	cp both.json build/compile_commands.json
	ORDERCHECK_TEST_CRASH_ON=consumer.c run "$oc" -p build
	expect_err "1 of 2 files unchanged"
	run "$oc" -p build
	expect_status 1
	expect_out "$finding"
	# a shard's run deletes the stale rows of its store
	run "$oc" -p build --shard 1/1 --facts sh.sqlite
	sed -i '/"producer.c"/d; s/^,{/{/' build/compile_commands.json
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" -p build --shard 1/1 --facts sh.sqlite
	expect_status 0
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" --facts sh.sqlite --pair-only
	expect_status 0
	;;
unreadable-row)
	# a stored row this binary cannot read back loses its file's facts:
	# a run says so, and a test run (--verify) fails on it, so that a
	# change of the facts' format cannot pass its tests by losing pairs
	setup
	run "$oc" -p build
	expect_out "$finding"
	run "$oc" -p build --verify "$tmp/tree/consumer.c"
	expect_status 0
	python3 - build/ordercheck-facts.sqlite <<-'PY' || fail "python3 could not damage the row"
	import sqlite3, sys
	db = sqlite3.connect(sys.argv[1])
	for f, facts in db.execute("SELECT file, facts FROM tu WHERE file LIKE '%producer.c'").fetchall():
	    rows = [r.rsplit("\t", 1)[0] if r.startswith("A\t") else r for r in facts.split("\n")]
	    db.execute("UPDATE tu SET facts = ? WHERE file = ?", ("\n".join(rows), f))
	db.commit()
	PY
	# pairing the store alone is as strict
	run "$oc" -p build --pair-only --verify
	expect_status 2
	expect_err "1 stored fact sets could not be read"
	ORDERCHECK_TEST_CRASH_ON=producer.c run "$oc" -p build --verify "$tmp/tree/consumer.c"
	expect_status 2
	expect_err "1 stored fact sets could not be read"
	;;
corrupt-store)
	setup
	echo "this is not a database" >build/ordercheck-facts.sqlite
	# a run's own store is a cache: set aside, rebuilt, nothing lost
	run "$oc" -p build
	expect_status 1
	expect_err "moved to build/ordercheck-facts.sqlite.corrupt, rebuilding"
	expect_out "$finding"
	[ -f build/ordercheck-facts.sqlite.corrupt ] || fail "not set aside"
	run "$oc" -p build
	expect_status 1
	expect_out "$finding"
	# the rebuilt store is used again
	expect_err "2 of 2 files unchanged"
	# a store named to merge is someone's data: an error, left alone
	run "$oc" merge-facts out.sqlite build/ordercheck-facts.sqlite.corrupt
	expect_status 2
	expect_err "cannot use facts store"
	;;
foreign-store)
	# an SQLite file that is someone else's database is not a cache of
	# ours: refused, named, and not written (not even our tables)
	setup
	python3 - <<-'PY'
	import sqlite3
	for p in ("build/ordercheck-facts.sqlite", "mine.sqlite"):
	    db = sqlite3.connect(p)
	    db.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT)")
	    db.execute("INSERT INTO notes(body) VALUES ('keep me')")
	    db.commit()
	    db.close()
	PY
	cp build/ordercheck-facts.sqlite before.sqlite
	run "$oc" -p build
	expect_status 2
	expect_err "build/ordercheck-facts.sqlite is not an ordercheck facts store"
	cmp -s before.sqlite build/ordercheck-facts.sqlite ||
		fail "the foreign database was written into"
	[ ! -e build/ordercheck-facts.sqlite.corrupt ] || fail "set aside as damaged"
	cp mine.sqlite before.sqlite
	run "$oc" --facts mine.sqlite "$tmp/tree/producer.c"
	expect_status 2
	expect_err "mine.sqlite is not an ordercheck facts store"
	cmp -s before.sqlite mine.sqlite || fail "--facts FILE was written into"
	run "$oc" merge-facts mine.sqlite
	expect_status 2
	cmp -s before.sqlite mine.sqlite || fail "merge-facts wrote into it"
	;;
old-schema-store)
	# a store of an older layout is ours: emptied and filled again
	setup
	run "$oc" -p build
	expect_status 1
	python3 - <<-'PY'
	import sqlite3
	db = sqlite3.connect("build/ordercheck-facts.sqlite")
	db.execute("UPDATE meta SET v='1' WHERE k='schema'")
	db.commit()
	PY
	run "$oc" -p build
	expect_status 1
	expect_out "$finding"
	echo "$err" | grep -q "files unchanged" && fail "an old store's rows were used: $err"
	v=$(python3 -c 'import sqlite3; print(sqlite3.connect("build/ordercheck-facts.sqlite").execute("SELECT v FROM meta WHERE k=\x27schema\x27").fetchone()[0])')
	[ "$v" != 1 ] || fail "the schema number was not brought up to date"
	ORDERCHECK_TEST_CRASH_ON=.c run "$oc" -p build
	expect_err "2 of 2 files unchanged"
	# our tables, empty, no schema row: a first run stopped early
	python3 - <<-'PY'
	import sqlite3
	db = sqlite3.connect("build/ordercheck-facts.sqlite")
	db.execute("DELETE FROM meta")
	db.execute("DELETE FROM tu")
	db.commit()
	PY
	run "$oc" -p build
	expect_status 1
	expect_out "$finding"
	;;
litmus)
	# one test per pairing finding, in herd7's syntax (checked by our
	# parser when the kernel's linux-kernel.def is at hand)
	for d in pair-missing-acquire pair-missing-release pair-wrong-barrier sb-needs-full-barrier; do
		"$oc" --emit-litmus "lit-$d" "$here/../$d/bad.c" >"$d.txt" 2>&1
		n=$(grep -c "note: litmus test:" "$d.txt")
		m=$(find "lit-$d" -name '*.litmus' ! -name '*-fix.litmus' | wc -l)
		nf=$(grep -c "note: litmus test of the fix:" "$d.txt")
		mf=$(find "lit-$d" -name '*-fix.litmus' | wc -l)
		[ "$n" -gt 0 ] || fail "$d: no litmus test noted: $(cat "$d.txt")"
		[ "$n" -eq "$m" ] || fail "$d: $n notes but $m files"
		[ "$nf" -eq "$n" ] && [ "$mf" -eq "$n" ] ||
			fail "$d: $n findings, $nf fixes noted, $mf fix files"
		grep -q "^exists (" lit-"$d"/*.litmus || fail "$d: no exists clause"
	done
	grep -q "smp_wmb();" lit-pair-missing-acquire/*.litmus || fail "the writer's smp_wmb() is not in the test"
	# the test of the fix has the fix the finding names (herd7 would
	# forbid a wrong one too, often: smp_wmb() for smp_store_release());
	# a test's name says each side's kind
	for t in lit-pair-missing-acquire/*-fix.litmus; do
		head -1 "$t" | grep -q '+acquire+fix$' ||
			fail "$t: the reader's fix is smp_load_acquire(): $(head -1 "$t")"
	done
	for t in lit-sb-needs-full-barrier/*-fix.litmus; do
		head -1 "$t" | grep -q '^C SB+fencemb+fencemb+fix$' ||
			fail "$t: the fix is smp_mb() on each side: $(head -1 "$t")"
	done
	grep -q "atomic_load_explicit" lit-pair-missing-acquire/*.litmus || fail "no C11 test for the C11 case"
	check=$here/../litmus/litmus_check.py
	def=${ORDERCHECK_LKMM_DEF:-}
	if [ -f "$check" ]; then
		if [ -n "$def" ] && [ -f "$def" ]; then
			python3 "$check" --def "$def" lit-*/*.litmus || fail "litmus_check.py rejects what we wrote"
		else
			python3 "$check" lit-*/*.litmus || fail "litmus_check.py rejects what we wrote"
		fi
	fi
	;;
herd)
	# --herd with the real herd7 (ctest passes the one CMake found) and
	# Linux 6.1's memory model, extracted from the linux-source-6.1
	# tarball by testcases/litmus/run.sh (RC11 for C11 code): herd7
	# allows the outcome of every pairing finding of the testcases and
	# forbids it in the test of the finding's fix. 77 without herd7 or
	# the tarball, 1 if herd7's tests are required.
	required=${ORDERCHECK_HERD7_REQUIRED:-0}
	if [ "${ORDERCHECK_HERD7+set}" = set ]; then
		herd7=$ORDERCHECK_HERD7
	else
		herd7=$(command -v herd7 || echo /opt/herd7/bin/herd7)
	fi
	if [ -z "$herd7" ] || [ ! -x "$herd7" ]; then
		[ "$required" = 1 ] && fail "no herd7, and herd7's tests are required"
		echo "SKIP: no herd7 (scripts/install-deps.sh builds it into /opt/herd7)"
		exit 77
	fi
	model=$("$here/../litmus/run.sh" extract "${ORDERCHECK_LITMUS_CACHE:-$tmp/cache}")
	st=$?
	if [ $st -eq 77 ] && [ "$required" != 1 ]; then
		echo "$model"
		exit 77
	fi
	[ $st -eq 0 ] || fail "no kernel memory model: $model"
	model=$(echo "$model" | tail -1)
	# every pairing testcase (each file, each two-files directory): herd7
	# allows the outcome of each finding and forbids it with the fix.
	# Known gap: where both sides keep the flag plain, the test of the
	# fix keeps it plain on the side the fix does not change, and herd7
	# flags the data race and allows the outcome still (the finding's
	# notes say to mark the flag too; litmus_write_fix() does not). Those
	# files must still fail that way: one that passes is reported, to
	# come off the list.
	gap=" pair-missing-acquire/plain-flags-fenced.c pair-missing-release/plain-flags-fenced.c "
	total=0
	n=0
	for d in pair-missing-acquire pair-missing-release pair-wrong-barrier \
		sb-needs-full-barrier lb-needs-order r-needs-order \
		two-plus-two-w-needs-order unordered-flag misplaced-barrier; do
		for f in "$here/../$d"/*.c "$here/../$d"/*/; do
			[ -e "$f" ] || continue
			case $f in */repro.c) continue ;; esac
			if [ -d "$f" ]; then
				files=$(find "$f" -name '*.c' | sort)
			else
				files=$f
			fi
			n=$((n + 1))
			# shellcheck disable=SC2086
			res=$(env PATH="$(dirname "$herd7"):$PATH" "$oc" --no-facts \
				--emit-litmus "lit$n" --herd --herd-dir "$model" \
				-Wr-needs-order -Wtwo-plus-two-w-needs-order \
				-Wpair-missing-acquire -Wpair-missing-release \
				-Wpair-wrong-barrier $files 2>&1)
			tests=$(echo "$res" | grep -c "note: litmus test:")
			fixes=$(echo "$res" | grep -c "note: litmus test of the fix:")
			# (LKMM|RC11) grouped: ungrouped, any LKMM verdict matched
			ok=$(echo "$res" | grep -c "note: herd7 (\(LKMM\|RC11\)): the outcome is allowed; with the fix: forbidden")
			case $gap in
			*" $d/${f##*/} "*)
				[ "$tests" -gt 0 ] && [ "$ok" -lt "$tests" ] ||
					fail "$f: the known gap is fixed ($ok of $tests fixes forbidden): take it off the list"
				continue
				;;
			esac
			if [ "$tests" -ne "$ok" ] || [ "$fixes" -ne "$tests" ]; then
				fail "$f: $tests findings, $fixes fixes, $ok allowed by herd7 and forbidden with the fix: $(echo "$res" | grep 'herd7\|litmus test')"
			fi
			total=$((total + tests))
		done
	done
	[ "$total" -gt 10 ] || fail "only $total pairing findings in the testcases"
	echo "$total findings of $n testcases: each allowed by herd7, its fix forbidden"
	run env PATH="$(dirname "$herd7"):$PATH" "$oc" --emit-litmus lit --herd --herd-dir "$model" "$here/../sb-needs-full-barrier/bad.c"
	expect_status 1
	expect_out "note: herd7 (LKMM): the outcome is allowed; with the fix: forbidden"
	mkdir nobin
	run env PATH="$tmp/nobin" "$oc" --emit-litmus lit2 --herd "$here/../sb-needs-full-barrier/bad.c"
	expect_out "herd7 gave no verdict"
	;;
*)
	echo "unknown case $case"
	exit 2
	;;
esac
exit 0
