// SPDX-License-Identifier: GPL-2.0-only
/// Find smp_mb() directly before or after a fully ordered atomic
/// read-modify-write: one that returns a value and has no _relaxed,
/// _acquire or _release suffix (atomic_inc_return(), atomic_xchg(),
/// atomic_dec_and_test(), xchg(), test_and_set_bit(), llist_add(), ...),
/// or a GCC __sync_*() builtin next to __sync_synchronize(). Such an RMW
/// already implies a full barrier on each side of it
/// (Documentation/atomic_t.txt), so the barrier is redundant.
///
/// Reported only: removing the barrier is right only if nothing relies on
/// it when the code changes later, and a comment often says why it is
/// there. "Directly" sees through comments, blank lines and one statement
/// that only touches a local variable, not through calls, other accesses,
/// branches or labels.
///
//# Not reported, on purpose: conditional RMWs (cmpxchg(), atomic_add_unless(),
//# atomic_inc_not_zero(), test_and_set_bit_lock()), which order nothing
//# when they fail, and C11 atomic_fetch_add() next to atomic_thread_fence(),
//# where the fence orders the non-seq_cst accesses the RMW does not.
//# test_and_*_bit() are fully ordered on failure only since v6.0: on an
//# older tree those reports are false positives (the checker's
//# --old-bitops); drop them by hand.
//# Known limits: the RMW deep inside an expression or a condition other
//# than if (rmw(...)), if (!rmw(...)), if (rmw(...) OP constant) and the
//# likely()/unlikely() forms of these; more than one local statement
//# between the two. Mixed C11/Linux pairs (smp_mb() beside a seq_cst C11
//# RMW), which the checker reports, are not looked for.
//
// Confidence: Moderate
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Tokens: smp_mb|virt_mb|__sync_synchronize
// Tokens: ((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative|(sub|dec|inc)_and_test|dec_and_lock(_irqsave)?|dec_and_raw_lock)|xchg|test_and_(set|clear|change)_bit|llist_add(_batch)?|llist_del_all|__sync_(fetch_and_(add|sub|or|and|xor|nand)|(add|sub|or|and|xor|nand)_and_fetch))
// Let RMW: \b(?:(?:raw_|arch_)?atomic(?:64|_long)?_(?:(?:add|sub|inc|dec)_return|fetch_(?:add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative|(?:sub|dec|inc)_and_test|dec_and_lock(?:_irqsave)?|dec_and_raw_lock)|xchg|test_and_(?:set|clear|change)_bit|llist_add(?:_batch)?|llist_del_all|__sync_(?:fetch_and_(?:add|sub|or|and|xor|nand)|(?:add|sub|or|and|xor|nand)_and_fetch))
// Let MB: \b(?:smp_mb|virt_mb|__sync_synchronize)
// Let ONE: (?:[^;{}#]*;<<SP>>)?
// Require: <<RMW>>\s*<<ARGS>>\s*;<<SP>><<ONE>><<MB>>\s*\(|<<MB>>\s*\(\s*\)\s*;<<SP>><<ONE>>[^;{}#]*?<<RMW>>\s*\(
// Keywords: smp_mb, value-returning atomics, mb-redundant-ordered-rmw

virtual patch
virtual context
virtual org
virtual report

// No patch rules: the fix is not safe to apply blindly.

// ---------------------------------------------------------------------

@after depends on !patch@
identifier rmw =~ "^((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative|(sub|dec|inc)_and_test|dec_and_lock(_irqsave)?|dec_and_raw_lock)|xchg|test_and_(set|clear|change)_bit|llist_add(_batch)?|llist_del_all|__sync_(fetch_and_(add|sub|or|and|xor|nand)|(add|sub|or|and|xor|nand)_and_fetch))$";
local idexpression L, L2, L3;
constant C;
type T;
identifier x;
position p;
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
 L2++;
|
 L2--;
|
 ++L2;
|
 --L2;
|
 L2 = C;
|
 L2 = L3;
|
 L2 += C;
|
 L2 -= C;
|
)
* \(smp_mb@p\|virt_mb@p\|__sync_synchronize@p\)();

@before depends on !patch@
identifier rmw =~ "^((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative|(sub|dec|inc)_and_test|dec_and_lock(_irqsave)?|dec_and_raw_lock)|xchg|test_and_(set|clear|change)_bit|llist_add(_batch)?|llist_del_all|__sync_(fetch_and_(add|sub|or|and|xor|nand)|(add|sub|or|and|xor|nand)_and_fetch))$";
expression E;
local idexpression L2, L3;
constant C;
type T;
identifier x;
statement S1, S2;
binary operator bop = {==, !=, <, >, <=, >=, &};
position p;
@@

* \(smp_mb@p\|virt_mb@p\|__sync_synchronize@p\)();
(
 L2++;
|
 L2--;
|
 ++L2;
|
 --L2;
|
 L2 = C;
|
 L2 = L3;
|
 L2 += C;
|
 L2 -= C;
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
|
 if (\(rmw(...)\|!rmw(...)\|rmw(...) bop C\|likely(rmw(...))\|unlikely(rmw(...))\|likely(!rmw(...))\|unlikely(!rmw(...))\)) S1 else S2
|
 if (\(rmw(...)\|!rmw(...)\|rmw(...) bop C\|likely(rmw(...))\|unlikely(rmw(...))\|likely(!rmw(...))\|unlikely(!rmw(...))\)) S1
)

@initialize:python@
@@

def name_at(p):
	"""The identifier the position is on, as written."""
	with open(p.file) as f:
		line = f.read().split("\n")[int(p.line) - 1]
	return line[int(p.column):int(p.column_end)]

@script:python depends on org@
p << after.p;
rmw << after.rmw;
@@

cocci.print_main("WARNING: %s() directly after '%s()', which is fully ordered; the barrier is redundant [mb-redundant-ordered-rmw]" % (name_at(p[0]), rmw), p)

@script:python depends on org@
p << before.p;
rmw << before.rmw;
@@

cocci.print_main("WARNING: %s() directly before '%s()', which is fully ordered; the barrier is redundant [mb-redundant-ordered-rmw]" % (name_at(p[0]), rmw), p)

@script:python depends on report@
p << after.p;
rmw << after.rmw;
@@

coccilib.report.print_report(p[0], "WARNING: %s() directly after '%s()', which is fully ordered; the barrier is redundant [mb-redundant-ordered-rmw]" % (name_at(p[0]), rmw))

@script:python depends on report@
p << before.p;
rmw << before.rmw;
@@

coccilib.report.print_report(p[0], "WARNING: %s() directly before '%s()', which is fully ordered; the barrier is redundant [mb-redundant-ordered-rmw]" % (name_at(p[0]), rmw))
