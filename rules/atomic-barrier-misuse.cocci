// SPDX-License-Identifier: GPL-2.0-only
/// Find smp_mb__after_atomic() with no atomic read-modify-write before it,
/// and smp_mb__before_atomic() with none after it. The helpers only
/// upgrade an RMW (Documentation/atomic_t.txt); with only atomic_set(),
/// atomic_read(), WRITE_ONCE(), plain stores or __set_bit() around them
/// they order nothing, and on x86 they are no barrier at all: use smp_mb().
/// Also find a helper directly next to a value-returning RMW (redundant)
/// or a cmpxchg() (no ordering when it fails), a marked access or plain
/// store between a helper and the void RMW it upgrades (not ordered by
/// it), and C11 or GNU atomics given a memory order that is not valid for
/// them, or fences with memory_order_relaxed, which order nothing.
///
/// "Directly" sees through comments and blank lines. "No RMW before it"
/// means no path from an RMW, or from a call of a function this file does
/// not define, reaches the helper; a function defined in the file counts
/// as the statement it ends with if it calls nothing unknown.
///
//# Reported only: the fix is smp_mb() or moving the helper, and which one
//# depends on what the code means.
//# Quiet on purpose: a helper any RMW reaches (in either leg of a branch,
//# through a loop, as a cmpxchg() retry loop's exit), and a helper an
//# unknown call reaches, since the call may end in the RMW.
//# Known limits (the libclang checker does better): only one access is
//# looked through between a helper and its RMW ("between" reports); the
//# checker sees through wrappers in nested calls and in headers, this
//# script only one level deep into functions of the same file; memory
//# orders given as numbers or through variables are not checked.
//
// Confidence: Moderate
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Tokens: (smp|virt)_mb__(after|before)_atomic|atomic_(load|store|flag_clear|compare_exchange_(weak|strong))_explicit|__c11_atomic_(load|store|compare_exchange_(weak|strong)|thread_fence)|__atomic_(load|store)(_n)?|__atomic_compare_exchange(_n)?|__atomic_clear|(__)?atomic_thread_fence
// Let HELPER: \b(?:smp|virt)_mb__(?:after|before)_atomic\s*\(\s*\)\s*;
// Let VRMW: (?:raw_|arch_)?atomic(?:64|_long)?_(?:(?:add|sub|inc|dec|and|or|xor|andnot)|(?:(?:add|sub|inc|dec)_return|fetch_(?:add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(?:relaxed|acquire|release))|xchg_(?:relaxed|acquire|release)|(?:set|clear|change)_bit|clear_bit_unlock(?:_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(?:inc|add|dec)
// Drop: (?<=[;{}])\s*(?<fn>(?:<<VRMW>>)(?!\w))\s*<<ARGS>>\s*;\s*\K\b(?:smp|virt)_mb__after_atomic\s*\(\s*\)\s*;
// Drop: \b(?:smp|virt)_mb__before_atomic\s*\(\s*\)\s*;(?=\s*(?<fn>(?:<<VRMW>>)(?!\w))\s*<<ARGS>>\s*;)
// Let C11: \b(?:atomic_thread_fence|__c11_atomic_thread_fence|__atomic_thread_fence|atomic_load_explicit|__c11_atomic_load|__atomic_load_n|__atomic_load|atomic_store_explicit|__c11_atomic_store|__atomic_store_n|__atomic_store|atomic_flag_clear_explicit|__atomic_clear|atomic_compare_exchange_strong_explicit|atomic_compare_exchange_weak_explicit|__c11_atomic_compare_exchange_strong|__c11_atomic_compare_exchange_weak|__atomic_compare_exchange_n|__atomic_compare_exchange)\s*\(
// Require: <<HELPER>>|<<C11>>(?:[^()]|<<ARGS>>)*?\b(?:memory_order_(?:relaxed|release|acq_rel|consume|acquire)|__ATOMIC_(?:RELAXED|RELEASE|ACQ_REL|CONSUME|ACQUIRE))\b
// Scope: callees
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
	r"|llist_del_all)$")
# conditional: ordered only when they succeed
COND = re.compile(r"^(" + ATOMIC + r"((try_)?cmpxchg" + SUFFIX + r"?"
	r"|(fetch_)?add_unless|inc_not_zero|inc_unless_negative"
	r"|dec_unless_positive|dec_if_positive)"
	r"|(try_)?cmpxchg(64|128)?" + SUFFIX + r"?|sync_cmpxchg"
	r"|test_and_set_bit_lock|refcount_(inc|add)_not_zero(_acquire)?"
	r"|refcount_dec_(if_one|not_one|and_lock|and_mutex_lock)"
	r"|llist_del_first(_init)?)$")
# loads and stores, marked, atomic or C11, and the non-atomic bitops
ACCESS = re.compile(r"^(" + ATOMIC + r"(read|set|read_acquire|set_release"
	r"|cond_read_relaxed|cond_read_acquire)"
	r"|(__)?READ_ONCE(_NOCHECK)?|(__)?WRITE_ONCE|test_bit(_acquire)?"
	r"|(smp|virt)_(load_acquire|store_release|store_mb)"
	r"|smp_cond_load_(relaxed|acquire)|lockless_dereference"
	r"|refcount_(read|set(_release)?)|__clear_bit_unlock"
	r"|__(set|clear|change)_bit|__test_and_(set|clear|change)_bit"
	r"|(try_)?cmpxchg(64)?_local|s?rcu_dereference\w*|rcu_access_pointer"
	r"|rcu_assign_pointer|RCU_INIT_POINTER|rcu_replace_pointer"
	r"|h?list_\w+_rcu|hlist_nulls_add_head_rcu|llist_(empty|next|on_list)"
	r"|init_llist_node|__llist_add|__llist_del_all"
	r"|(__c11_)?atomic_(load|store|init|flag_clear)(_explicit)?"
	r"|__atomic_(load|store|clear)(_n)?)$")
# other primitives with no RMW: barriers, locks, markers, wake-ups
OTHER_KNOWN = re.compile(r"^(data_race|barrier|(smp_|virt_|dma_)?[rw]?mb"
	r"|(smp|virt)_mb__(before|after)_atomic|smp_mb__after_\w+"
	r"|smp_acquire__after_ctrl_dep|(smp_)?read_barrier_depends"
	r"|s?rcu_read_(un)?lock(_bh|_sched)?|synchronize_s?rcu(_expedited)?"
	r"|(raw_)?spin_(un)?lock(_irq|_irqsave|_irqrestore|_bh)?"
	r"|(raw_)?spin_trylock|(read|write)_(un)?lock|mutex_(un)?lock"
	r"|mutex_trylock|mutex_lock_interruptible|down(_read|_write|_trylock)?"
	r"|up(_read|_write)?|local_irq_(disable|enable|save|restore)"
	r"|preempt_(disable|enable)|set_current_state|prepare_to_wait\w*"
	r"|wake_up(_all|_interruptible|_bit|_var|_process)?|complete"
	r"|try_to_wake_up|schedule|likely|unlikely"
	r"|(__c11_|__)?atomic_(thread|signal)_fence|__sync_synchronize)$")

NOT_RMW = "which is not an atomic read-modify-write, and no RMW comes"
NOTHING = ("it orders nothing here (and is no barrier at all on x86); "
	   "use smp_mb()")
TAG = " [atomic-barrier-misuse]"

NEIGHBOUR = {}  # helper -> ("call", name) or ("store",) next to it
REACH = {}      # helper -> names of the calls on a path to or from it
BETWEEN = {}    # helper -> the "access between" message
TU_DEF = set()  # (file, function) defined in the file
TU_OPAQUE = set() # ... that call an RMW or something unknown
TU_LAST = {}    # (file, function) -> what it ends with
TU_FIRST = {}   # (file, function) -> what it starts with
HFUN = set()    # (file, function) with a helper in it
CALLED = set()  # what those functions call

def key(p):
	return (p[0].file, p[0].line, p[0].column)

def loc(p):
	l = p[0]
	return cocci.make_position(l.file, l.current_element, int(l.line),
				   int(l.column), int(l.line_end),
				   int(l.column_end))

def name_at(p):
	"""The identifier the position is on, as written."""
	with open(p[0].file) as f:
		line = f.read().split("\n")[int(p[0].line) - 1]
	return line[int(p[0].column):int(p[0].column_end)]

def known(name):
	return ACCESS.match(name) or OTHER_KNOWN.match(name)

def kind(g, store):
	return ("store",) if store else ("call", g)

def through(p, n, after):
	"""A call of a function of this file stands for its last (first) statement."""
	if n and n[0] == "call":
		fn = (p[0].file, n[1])
		if fn in TU_DEF and fn not in TU_OPAQUE:
			return (TU_LAST if after else TU_FIRST).get(fn, ("other",))
	return n

def rmw_reaches(p):
	"""An RMW, or a call that may hide one, on a path to (from) p."""
	for g in REACH.get(key(p), ()):
		fn = (p[0].file, g)
		if fn in TU_DEF:
			if fn in TU_OPAQUE:
				return True
		elif not known(g):
			return True
	return False

def describe(n):
	return "a plain store" if n[0] == "store" else "'%s()'" % n[1]

def is_access(n):
	return n and (n[0] == "store" or
		      (n[0] == "call" and ACCESS.match(n[1])))

def classify(p):
	helper = name_at(p)
	after = helper.endswith("_after_atomic")
	where = "after" if after else "before"
	n = through(p, NEIGHBOUR.get(key(p)), after)
	if n and n[0] == "call":
		if UNORDERED.match(n[1]):
			return None
		if COND.match(n[1]):
			return ("%s() %s '%s()', a conditional RMW: redundant "
				"when it succeeds, and it orders nothing when it "
				"fails" % (helper, where, n[1]))
		if FULL.match(n[1]):
			return ("%s() %s '%s()', which is already fully ordered; "
				"the barrier is redundant" % (helper, where, n[1]))
	if key(p) in BETWEEN:
		return BETWEEN[key(p)]
	if rmw_reaches(p):
		return None
	if is_access(n):
		return "%s() %s %s, %s %s it; %s" % (helper, where, describe(n),
			NOT_RMW, "before" if after else "after", NOTHING)
	return ("%s() with no atomic read-modify-write %s it in '%s()'; it "
		"orders nothing here; use smp_mb()" %
		(helper, "before" if after else "after",
		 p[0].current_element))

def slot(g, ps):
	"""One statement between a helper and its RMW: None if it is local."""
	return kind(g, ps) if g or ps else None

def between(p, rmw, slots, where):
	"""Note an "access between" report if every slot is local or an access."""
	seen = [n for n in slots if n]
	if seen and all(is_access(n) for n in seen):
		helper = name_at(p)
		BETWEEN[key(p)] = ("%s between '%s()' and %s() is not ordered by "
				   "it; put %s() directly %s the RMW" %
				   (describe(seen[0]), rmw, helper, helper, where))

def c11_invalid(order, what, f):
	order = re.sub(r"^__ATOMIC_", "memory_order_", order).lower()
	return ("%s is not valid %s of '%s()'; compilers treat it as "
		"memory_order_seq_cst or reject it" % (order, what, f))

// C11 and GNU atomics: orders that are not valid for the operation.
// (First: the helper rules below drop the environments they reject.)

// Only in files that call one of them: the pattern below is costly to
// try on every expression of a big file.

@c11gate depends on !patch@
identifier fn = {atomic_thread_fence, __c11_atomic_thread_fence, __atomic_thread_fence, atomic_load_explicit, __c11_atomic_load, __atomic_load_n, __atomic_load, atomic_store_explicit, __c11_atomic_store, __atomic_store_n, __atomic_store, atomic_flag_clear_explicit, __atomic_clear, atomic_compare_exchange_strong_explicit, atomic_compare_exchange_weak_explicit, __c11_atomic_compare_exchange_strong, __c11_atomic_compare_exchange_weak, __atomic_compare_exchange_n, __atomic_compare_exchange};
@@

fn(...)

@c11 depends on c11gate@
symbol memory_order_relaxed, __ATOMIC_RELAXED;
identifier bad_load = {memory_order_release, memory_order_acq_rel, __ATOMIC_RELEASE, __ATOMIC_ACQ_REL};
identifier bad_store = {memory_order_consume, memory_order_acquire, memory_order_acq_rel, __ATOMIC_CONSUME, __ATOMIC_ACQUIRE, __ATOMIC_ACQ_REL};
identifier bad_fail = {memory_order_release, memory_order_acq_rel, __ATOMIC_RELEASE, __ATOMIC_ACQ_REL};
expression A, B, C, D, W;
position p;
@@

(
* \(atomic_thread_fence@p\|__c11_atomic_thread_fence@p\|__atomic_thread_fence@p\)(\(memory_order_relaxed\|__ATOMIC_RELAXED\))
|
* \(atomic_load_explicit@p\|__c11_atomic_load@p\|__atomic_load_n@p\)(A, bad_load)
|
* __atomic_load@p(A, B, bad_load)
|
* \(atomic_store_explicit@p\|__c11_atomic_store@p\|__atomic_store_n@p\|__atomic_store@p\)(A, B, bad_store)
|
* \(atomic_flag_clear_explicit@p\|__atomic_clear@p\)(A, bad_store)
|
* \(atomic_compare_exchange_strong_explicit@p\|atomic_compare_exchange_weak_explicit@p\|__c11_atomic_compare_exchange_strong@p\|__c11_atomic_compare_exchange_weak@p\)(A, B, C, D, bad_fail)
|
* \(__atomic_compare_exchange_n@p\|__atomic_compare_exchange@p\)(A, B, C, W, D, bad_fail)
)

@script:python c11m@
p << c11.p;
bad_load << c11.bad_load = "";
bad_store << c11.bad_store = "";
bad_fail << c11.bad_fail = "";
msg;
@@

f = name_at(p)
if bad_load:
	coccinelle.msg = c11_invalid(bad_load, "for a load", f)
elif bad_store:
	coccinelle.msg = c11_invalid(bad_store, "for a store", f)
elif bad_fail:
	coccinelle.msg = c11_invalid(bad_fail, "as the failure order", f)
else:
	coccinelle.msg = ("%s(memory_order_relaxed) orders nothing; use the "
			  "order the code relies on, or remove it" % f)

@script:python depends on org@
p << c11.p;
msg << c11m.msg;
@@

cocci.print_main("WARNING: " + msg + TAG, p)

@script:python depends on report@
p << c11.p;
msg << c11m.msg;
@@

coccilib.report.print_report(p[0], "WARNING: " + msg + TAG)

@script:python@
p << c11.p;
@@

cocci.include_match(False)

// Functions of this file: whether they call anything that may do an
// RMW, what they end and start with. Only in files with a helper, and
// only the functions that a function with a helper calls (CALLED): the
// verdict looks up no other. (The scripts take
// the function's name from the position: spatch 1.1.1 does not parse a
// script that inherits an identifier with a script constraint.) Each
// collector keeps what it learns in Python and drops its environments,
// which would otherwise multiply with every later rule's; as dropping
// them also forgets that a rule matched, each collector has its own gate.

// The functions with a helper.

@hfun depends on !patch@
position ph;
@@

\(smp_mb__after_atomic@ph\|virt_mb__after_atomic@ph\|smp_mb__before_atomic@ph\|virt_mb__before_atomic@ph\)();

@script:python@
ph << hfun.ph;
@@

HFUN.add((ph[0].file, ph[0].current_element))
cocci.include_match(False)

@gate_calls depends on !patch@
@@

\(smp_mb__after_atomic\|virt_mb__after_atomic\|smp_mb__before_atomic\|virt_mb__before_atomic\)();

// Every call, with the function it is in: "tf(...) { <+... g(...) ...+> }"
// says the same, but takes minutes on a file of big functions.

@tu_calls depends on gate_calls@
identifier g;
position pg;
@@

g@pg(...)

@script:python@
g << tu_calls.g;
pg << tu_calls.pg;
@@

fn = (pg[0].file, pg[0].current_element)
if fn in HFUN:
	CALLED.add(g)
if not known(g):
	TU_OPAQUE.add(fn)
cocci.include_match(False)

@gate_def depends on !patch@
@@

\(smp_mb__after_atomic\|virt_mb__after_atomic\|smp_mb__before_atomic\|virt_mb__before_atomic\)();

@tu_def depends on gate_def@
identifier tf : script:python () { tf in CALLED };
position pf;
@@

tf@pf(...) { ... }

@script:python@
pf << tu_def.pf;
@@

TU_DEF.add((pf[0].file, pf[0].current_element))
cocci.include_match(False)

@gate_last_call depends on !patch@
@@

\(smp_mb__after_atomic\|virt_mb__after_atomic\|smp_mb__before_atomic\|virt_mb__before_atomic\)();

@tu_last_call depends on gate_last_call@
identifier tf : script:python () { tf in CALLED };
identifier g;
position pf;
@@

tf@pf(...) {
  ...
  g(...);
}

@script:python@
pf << tu_last_call.pf;
g << tu_last_call.g;
@@

TU_LAST[(pf[0].file, pf[0].current_element)] = ("call", g)
cocci.include_match(False)

@gate_last_store depends on !patch@
@@

\(smp_mb__after_atomic\|virt_mb__after_atomic\|smp_mb__before_atomic\|virt_mb__before_atomic\)();

@tu_last_store depends on gate_last_store@
identifier tf : script:python () { tf in CALLED };
expression E1, E2;
position pf;
@@

tf@pf(...) {
  ...
  E1 = E2;
}

@script:python@
pf << tu_last_store.pf;
@@

TU_LAST[(pf[0].file, pf[0].current_element)] = ("store",)
cocci.include_match(False)

@gate_first_call depends on !patch@
@@

\(smp_mb__after_atomic\|virt_mb__after_atomic\|smp_mb__before_atomic\|virt_mb__before_atomic\)();

@tu_first_call depends on gate_first_call@
identifier tf : script:python () { tf in CALLED };
identifier g;
position pf;
@@

tf@pf(...) {
  g(...);
  ...
}

@script:python@
pf << tu_first_call.pf;
g << tu_first_call.g;
@@

TU_FIRST[(pf[0].file, pf[0].current_element)] = ("call", g)
cocci.include_match(False)

@gate_first_store depends on !patch@
@@

\(smp_mb__after_atomic\|virt_mb__after_atomic\|smp_mb__before_atomic\|virt_mb__before_atomic\)();

@tu_first_store depends on gate_first_store@
identifier tf : script:python () { tf in CALLED };
expression E1, E2;
position pf;
@@

tf@pf(...) {
  E1 = E2;
  ...
}

@script:python@
pf << tu_first_store.pf;
@@

TU_FIRST[(pf[0].file, pf[0].current_element)] = ("store",)
cocci.include_match(False)

// Every helper.

@helper depends on !patch@
position p;
@@

\(smp_mb__after_atomic@p\|virt_mb__after_atomic@p\|smp_mb__before_atomic@p\|virt_mb__before_atomic@p\)();

// The statement directly before smp_mb__after_atomic() ...

@nb_after@
identifier f;
expression E1, E2;
local idexpression L;
type T;
identifier x;
position helper.p, ps;
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
\(smp_mb__after_atomic@p\|virt_mb__after_atomic@p\)();

@script:python@
p << helper.p;
f << nb_after.f = "";
ps << nb_after.ps = [];
@@

if f or ps:
	NEIGHBOUR[key(p)] = kind(f, ps)

// ... and directly after smp_mb__before_atomic().

@nb_before@
identifier f;
expression E, E1, E2;
local idexpression L;
type T;
identifier x;
statement S1, S2;
position helper.p, ps;
@@

\(smp_mb__before_atomic@p\|virt_mb__before_atomic@p\)();
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

@script:python@
p << helper.p;
f << nb_before.f = "";
ps << nb_before.ps = [];
@@

if f or ps:
	NEIGHBOUR[key(p)] = kind(f, ps)

// Every call on some path to smp_mb__after_atomic() or from
// smp_mb__before_atomic().

@reach_after exists@
identifier g;
position helper.p;
@@

g(...)
... when any
\(smp_mb__after_atomic@p\|virt_mb__after_atomic@p\)();

@script:python@
p << helper.p;
g << reach_after.g;
@@

REACH.setdefault(key(p), set()).add(g)

@reach_before exists@
identifier g;
position helper.p;
@@

\(smp_mb__before_atomic@p\|virt_mb__before_atomic@p\)();
... when any
g(...)

@script:python@
p << helper.p;
g << reach_before.g;
@@

REACH.setdefault(key(p), set()).add(g)

// A marked access or a plain store (or two) between a helper and its
// void RMW.

@between_after@
identifier rmw =~ "^((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec|and|or|xor|andnot)|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(relaxed|acquire|release))|xchg_(relaxed|acquire|release)|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(inc|add|dec))$";
identifier g1, g2;
expression E1, E2, S1, S2;
local idexpression L, L1, L2;
type T;
identifier x;
position helper.p, ps1, ps2;
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
 g1(...);
|
 L1 = g1(...);
|
 (void)g1(...);
|
 L1 = E1;
|
 S1@ps1 = E1;
)
(
 g2(...);
|
 L2 = g2(...);
|
 (void)g2(...);
|
 L2 = E2;
|
 S2@ps2 = E2;
|
)
\(smp_mb__after_atomic@p\|virt_mb__after_atomic@p\)();

@script:python@
p << helper.p;
rmw << between_after.rmw;
g1 << between_after.g1 = "";
ps1 << between_after.ps1 = [];
g2 << between_after.g2 = "";
ps2 << between_after.ps2 = [];
@@

between(p, rmw, [slot(g2, ps2), slot(g1, ps1)], "after")

@between_before@
identifier rmw =~ "^((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec|and|or|xor|andnot)|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(relaxed|acquire|release))|xchg_(relaxed|acquire|release)|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(inc|add|dec))$";
identifier g1, g2;
expression E, E1, E2, F1, F2, S1, S2;
local idexpression L1, L2;
type T;
identifier x;
position helper.p, ps1, ps2;
@@

\(smp_mb__before_atomic@p\|virt_mb__before_atomic@p\)();
(
 g1(...);
|
 F1 = g1(...);
|
 (void)g1(...);
|
 L1 = E1;
|
 S1@ps1 = E1;
)
(
 g2(...);
|
 F2 = g2(...);
|
 (void)g2(...);
|
 L2 = E2;
|
 S2@ps2 = E2;
|
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

@script:python@
p << helper.p;
rmw << between_before.rmw;
g1 << between_before.g1 = "";
ps1 << between_before.ps1 = [];
g2 << between_before.g2 = "";
ps2 << between_before.ps2 = [];
@@

between(p, rmw, [slot(g1, ps1), slot(g2, ps2)], "before")

// The verdict for each helper, from what was collected above. This is
// the only script that drops environments.

@script:python verdict@
p << helper.p;
pw;
msg;
@@

m = classify(p)
if m:
	coccinelle.pw = loc(p)
	coccinelle.msg = m
else:
	cocci.include_match(False)

@depends on !patch@
identifier f;
position verdict.pw;
@@

* f@pw(...);

@script:python depends on org@
p << verdict.pw;
msg << verdict.msg;
@@

cocci.print_main("WARNING: " + msg + TAG, p)

@script:python depends on report@
p << verdict.pw;
msg << verdict.msg;
@@

coccilib.report.print_report(p[0], "WARNING: " + msg + TAG)
