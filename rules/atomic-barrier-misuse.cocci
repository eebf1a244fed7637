// SPDX-License-Identifier: GPL-2.0-only
/// Find smp_mb__after_atomic() that does not directly follow, and
/// smp_mb__before_atomic() that does not directly precede, a void or
/// relaxed atomic read-modify-write. The helpers only upgrade the RMW next
/// to them (Documentation/atomic_t.txt); next to atomic_set(),
/// atomic_read(), WRITE_ONCE(), a plain store, __set_bit() or a call they
/// order nothing, and on x86 they are no barrier at all. Next to a
/// value-returning RMW they are redundant, next to cmpxchg() they order
/// nothing when it fails. Also find C11 and GNU atomics given a memory
/// order that is not valid for them, and relaxed fences, which order
/// nothing.
///
/// "Directly" sees through comments and blank lines, not through any
/// statement. A marked access or a plain store between the helper and
/// the RMW it was meant for is reported as such.
///
//# Reported only: the fix is smp_mb() or moving the helper, and which one
//# depends on what the code means.
//# False positives: a wrapper function that is itself a void atomic RMW
//# (a driver's set_bit() helper, a static inline around atomic_inc()) is
//# reported as "a call". Check the callee before changing anything.
//# Known limits (the libclang checker finds these, this script does not):
//# a helper first in its block or right after a branch, loop or label;
//# a neighbour that is a plain load or that only touches locals
//# (v = 0; smp_mb__after_atomic(); is quiet here); memory orders given as
//# numbers or through variables.
//
// Confidence: Moderate
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Keywords: smp_mb__after_atomic, smp_mb__before_atomic, memory_order, atomic-barrier-misuse

virtual patch
virtual context
virtual org
virtual report

// No patch rules: there is no fix that is right without reading the code.

// ---------------------------------------------------------------------

@initialize:python@
@@

import re

ATOMIC = r"(raw_|arch_)?atomic(64|_long)?_"
SUFFIX = r"(_relaxed|_acquire|_release)"
# void and relaxed RMWs: what the helpers are for
UNORDERED = re.compile(r"^(" + ATOMIC + r"((add|sub|inc|dec|and|or|xor|andnot)"
	r"|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)"
	r"|xchg|add_negative)" + SUFFIX + r")|xchg" + SUFFIX +
	r"|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?"
	r"|xor_unlock_is_negative_byte|refcount_(inc|add|dec))$")
# value-returning, unconditional: already fully ordered
FULL = re.compile(r"^(" + ATOMIC + r"((add|sub|inc|dec)_return"
	r"|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative"
	r"|(sub|dec|inc)_and_test|dec_and_lock(_irqsave)?|dec_and_raw_lock)"
	r"|xchg|test_and_(set|clear|change)_bit|llist_add(_batch)?"
	r"|llist_del_all|__sync_(fetch_and_(add|sub|or|and|xor|nand)"
	r"|(add|sub|or|and|xor|nand)_and_fetch))$")
# conditional: ordered only when they succeed
COND = re.compile(r"^(" + ATOMIC + r"((try_)?cmpxchg" + SUFFIX + r"?"
	r"|(fetch_)?add_unless|inc_not_zero|inc_unless_negative"
	r"|dec_unless_positive|dec_if_positive)"
	r"|(try_)?cmpxchg(64|128)?" + SUFFIX + r"?|sync_cmpxchg"
	r"|test_and_set_bit_lock|refcount_(inc|add)_not_zero(_acquire)?"
	r"|refcount_dec_(if_one|not_one|and_lock|and_mutex_lock)"
	r"|llist_del_first(_init)?|__sync_(val|bool)_compare_and_swap)$")
# loads and stores, marked or atomic, and the non-atomic bitops: no RMW
ACCESS = re.compile(r"^(" + ATOMIC + r"(read|set)(_acquire|_release)?"
	r"|(__)?READ_ONCE(_NOCHECK)?|(__)?WRITE_ONCE|test_bit(_acquire)?"
	r"|smp_load_acquire|smp_store_release|refcount_(read|set(_release)?)"
	r"|__(set|clear|change)_bit|__test_and_(set|clear|change)_bit"
	r"|__clear_bit_unlock|(try_)?cmpxchg(64)?_local)$")

NOT_RMW = ("which is not an atomic read-modify-write; it orders nothing "
	   "here (and is no barrier at all on x86); use smp_mb()")
TAG = " [atomic-barrier-misuse]"

# helper positions already reported as "an access between"
BETWEEN = set()

def key(p):
	return (p[0].file, p[0].line, p[0].column)

def loc(p):
	l = p[0]
	return cocci.make_position(l.file, l.current_element, int(l.line),
				   int(l.column), int(l.line_end),
				   int(l.column_end))

def c11_invalid(order, what, f):
	order = re.sub(r"^__ATOMIC_", "memory_order_", order)
	return ("%s is not valid %s of '%s()'; compilers treat it as "
		"memory_order_seq_cst or reject it" % (order.lower(), what, f))

def is_access(f, store):
	return bool(store) or bool(f and ACCESS.match(f))

def what(f, store):
	return "a plain store" if store else "'%s()'" % f

def neighbour(helper, f, store, after):
	"""The message for helper next to f() (or a plain store), or None."""
	where = "after" if after else "before"
	if store:
		return "%s() %s a plain store, %s" % (helper, where, NOT_RMW)
	if not f or UNORDERED.match(f):
		return None
	if FULL.match(f):
		return ("%s() %s '%s()', which is already fully ordered; the "
			"barrier is redundant" % (helper, where, f))
	if COND.match(f):
		return ("%s() %s '%s()', a conditional RMW: redundant when it "
			"succeeds, and it orders nothing when it fails" %
			(helper, where, f))
	if ACCESS.match(f):
		return "%s() %s '%s()', %s" % (helper, where, f, NOT_RMW)
	return ("%s() is not directly %s an atomic read-modify-write (a call "
		"of '%s()' comes %s it); it orders nothing here; use smp_mb() "
		"or move it next to the RMW" %
		(helper, where, f, "before" if after else "after"))

// An access between the helper and the RMW it stands for.

@between_after depends on !patch@
identifier rmw =~ "^((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec|and|or|xor|andnot)|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(relaxed|acquire|release))|xchg_(relaxed|acquire|release)|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(inc|add|dec))$";
identifier helper =~ "^(smp|virt)_mb__after_atomic$";
identifier g;
expression E1, E2;
local idexpression L, L2;
type T;
identifier x;
position p, ps;
@@

(
 rmw(...);
|
 L = rmw(...);
|
 (void)rmw(...);
|
 T x = rmw(...);
)
(
 g(...);
|
 L2 = g(...);
|
 (void)g(...);
|
 L2 = E2;
|
 E1@ps = E2;
)
helper@p();

@between_before depends on !patch@
identifier rmw =~ "^((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec|and|or|xor|andnot)|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(relaxed|acquire|release))|xchg_(relaxed|acquire|release)|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(inc|add|dec))$";
identifier helper =~ "^(smp|virt)_mb__before_atomic$";
identifier g;
expression E, E1, E2;
local idexpression L2;
type T;
identifier x;
position p, ps;
@@

helper@p();
(
 g(...);
|
 E = g(...);
|
 (void)g(...);
|
 L2 = E2;
|
 E1@ps = E2;
)
(
 rmw(...);
|
 E = rmw(...);
|
 (void)rmw(...);
|
 return rmw(...);
|
 T x = rmw(...);
)

@script:python bt_after@
p << between_after.p;
helper << between_after.helper;
rmw << between_after.rmw;
g << between_after.g = "";
ps << between_after.ps = [];
pw;
msg;
@@

if is_access(g, ps):
	BETWEEN.add(key(p))
	coccinelle.pw = loc(p)
	coccinelle.msg = ("%s between '%s()' and %s() is not ordered by it; "
			  "put %s() directly after the RMW" %
			  (what(g, ps), rmw, helper, helper))
else:
	cocci.include_match(False)

@script:python bt_before@
p << between_before.p;
helper << between_before.helper;
rmw << between_before.rmw;
g << between_before.g = "";
ps << between_before.ps = [];
pw;
msg;
@@

if is_access(g, ps):
	BETWEEN.add(key(p))
	coccinelle.pw = loc(p)
	coccinelle.msg = ("%s between '%s()' and %s() is not ordered by it; "
			  "put %s() directly before the RMW" %
			  (what(g, ps), rmw, helper, helper))
else:
	cocci.include_match(False)

// What directly precedes smp_mb__after_atomic().

@after depends on !patch@
identifier helper =~ "^(smp|virt)_mb__after_atomic$";
identifier f;
expression E1, E2;
local idexpression L;
type T;
identifier x;
position p, ps;
@@

(
 f(...);
|
 L = f(...);
|
 (void)f(...);
|
 T x = f(...);
|
 L = E2;
|
 L++;
|
 L--;
|
 ++L;
|
 --L;
|
 E1@ps = E2;
|
 E1@ps++;
|
 E1@ps--;
|
 ++E1@ps;
|
 --E1@ps;
)
helper@p();

// What directly follows smp_mb__before_atomic().

@before depends on !patch@
identifier helper =~ "^(smp|virt)_mb__before_atomic$";
identifier f;
expression E, E1, E2;
local idexpression L;
type T;
identifier x;
statement S1, S2;
position p, ps;
@@

helper@p();
(
 f(...);
|
 E = f(...);
|
 (void)f(...);
|
 return f(...);
|
 T x = f(...);
|
 if (\(f(...)\|!f(...)\)) S1 else S2
|
 if (\(f(...)\|!f(...)\)) S1
|
 L = E2;
|
 L++;
|
 L--;
|
 ++L;
|
 --L;
|
 E1@ps = E2;
|
 E1@ps++;
|
 E1@ps--;
|
 ++E1@ps;
|
 --E1@ps;
)

@script:python nb_after@
p << after.p;
helper << after.helper;
f << after.f = "";
ps << after.ps = [];
pw;
msg;
@@

m = None if key(p) in BETWEEN else neighbour(helper, f, ps, True)
if m:
	coccinelle.pw = loc(p)
	coccinelle.msg = m
else:
	cocci.include_match(False)

@script:python nb_before@
p << before.p;
helper << before.helper;
f << before.f = "";
ps << before.ps = [];
pw;
msg;
@@

m = None if key(p) in BETWEEN else neighbour(helper, f, ps, False)
if m:
	coccinelle.pw = loc(p)
	coccinelle.msg = m
else:
	cocci.include_match(False)

// C11 and GNU atomics: orders that are not valid for the operation.

@c11 depends on !patch@
identifier fence = {atomic_thread_fence, __c11_atomic_thread_fence, __atomic_thread_fence};
identifier load = {atomic_load_explicit, __c11_atomic_load, __atomic_load_n, __atomic_load};
identifier store = {atomic_store_explicit, __c11_atomic_store, __atomic_store_n, __atomic_store};
identifier clear = {atomic_flag_clear_explicit, __atomic_clear};
identifier cas = {atomic_compare_exchange_strong_explicit, atomic_compare_exchange_weak_explicit, __c11_atomic_compare_exchange_strong, __c11_atomic_compare_exchange_weak};
identifier gcas = {__atomic_compare_exchange_n, __atomic_compare_exchange};
identifier relaxed = {memory_order_relaxed, __ATOMIC_RELAXED};
identifier bad_load = {memory_order_release, memory_order_acq_rel, __ATOMIC_RELEASE, __ATOMIC_ACQ_REL};
identifier bad_store = {memory_order_consume, memory_order_acquire, memory_order_acq_rel, __ATOMIC_CONSUME, __ATOMIC_ACQUIRE, __ATOMIC_ACQ_REL};
identifier bad_fail = {memory_order_release, memory_order_acq_rel, __ATOMIC_RELEASE, __ATOMIC_ACQ_REL};
expression A, B, C, D, W;
position p;
@@

(
* fence@p(relaxed)
|
* load@p(A, bad_load)
|
* load@p(A, B, bad_load)
|
* store@p(A, B, bad_store)
|
* clear@p(A, bad_store)
|
* cas@p(A, B, C, D, bad_fail)
|
* gcas@p(A, B, C, W, D, bad_fail)
)

@script:python c11m@
p << c11.p;
fence << c11.fence = "";
load << c11.load = "";
store << c11.store = "";
clear << c11.clear = "";
cas << c11.cas = "";
gcas << c11.gcas = "";
relaxed << c11.relaxed = "";
bad_load << c11.bad_load = "";
bad_store << c11.bad_store = "";
bad_fail << c11.bad_fail = "";
pw;
msg;
@@

coccinelle.pw = loc(p)
if fence:
	coccinelle.msg = ("%s(memory_order_relaxed) orders nothing; use the "
			  "order the code relies on, or remove it" % fence)
elif load:
	coccinelle.msg = c11_invalid(bad_load, "for a load", load)
elif store or clear:
	coccinelle.msg = c11_invalid(bad_store, "for a store", store or clear)
else:
	coccinelle.msg = c11_invalid(bad_fail, "as the failure order", cas or gcas)

@r1 depends on !patch@
identifier f;
position bt_after.pw;
@@

* f@pw(...);

@r2 depends on !patch@
identifier f;
position bt_before.pw;
@@

* f@pw(...);

@r3 depends on !patch@
identifier f;
position nb_after.pw;
@@

* f@pw(...);

@r4 depends on !patch@
identifier f;
position nb_before.pw;
@@

* f@pw(...);

@script:python depends on org@
p << bt_after.pw;
msg << bt_after.msg;
@@

cocci.print_main("WARNING: " + msg + TAG, p)

@script:python depends on org@
p << bt_before.pw;
msg << bt_before.msg;
@@

cocci.print_main("WARNING: " + msg + TAG, p)

@script:python depends on org@
p << nb_after.pw;
msg << nb_after.msg;
@@

cocci.print_main("WARNING: " + msg + TAG, p)

@script:python depends on org@
p << nb_before.pw;
msg << nb_before.msg;
@@

cocci.print_main("WARNING: " + msg + TAG, p)

@script:python depends on org@
p << c11m.pw;
msg << c11m.msg;
@@

cocci.print_main("WARNING: " + msg + TAG, p)

@script:python depends on report@
p << bt_after.pw;
msg << bt_after.msg;
@@

coccilib.report.print_report(p[0], "WARNING: " + msg + TAG)

@script:python depends on report@
p << bt_before.pw;
msg << bt_before.msg;
@@

coccilib.report.print_report(p[0], "WARNING: " + msg + TAG)

@script:python depends on report@
p << nb_after.pw;
msg << nb_after.msg;
@@

coccilib.report.print_report(p[0], "WARNING: " + msg + TAG)

@script:python depends on report@
p << nb_before.pw;
msg << nb_before.msg;
@@

coccilib.report.print_report(p[0], "WARNING: " + msg + TAG)

@script:python depends on report@
p << c11m.pw;
msg << c11m.msg;
@@

coccilib.report.print_report(p[0], "WARNING: " + msg + TAG)
