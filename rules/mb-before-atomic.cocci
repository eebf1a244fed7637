// SPDX-License-Identifier: GPL-2.0-only
/// Use smp_mb__before_atomic() instead of smp_mb() directly before a void
/// or relaxed atomic read-modify-write (atomic_dec(), clear_bit(),
/// atomic_inc_return_relaxed(), ...). These RMWs are unordered
/// (Documentation/atomic_t.txt), and smp_mb__before_atomic() orders
/// everything before it against the RMW and everything after it, as
/// smp_mb() does; it is free where the RMW is already a full barrier (x86),
/// where smp_mb() is one more fence.
///
/// "Directly before" sees through comments, blank lines and one statement
/// that only touches a local variable (v++; v = 0;), not through calls,
/// other accesses, branches or labels. virt_mb() becomes
/// virt_mb__before_atomic() in the same way.
///
//# Known limits (the libclang checker finds these, this script does not):
//# the RMW inside a condition (if (atomic_fetch_or_relaxed(...) & M)),
//# more than one local statement between the two, and locals that are
//# not simple variables.
//# False positives: a call or a load inside the RMW's own arguments
//# (atomic_dec(&lookup(k)->refs)) runs between the barrier and the RMW;
//# the checker sees it, this script does not. Check such arguments.
//
// Confidence: High
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Tokens: smp_mb|virt_mb
// Tokens: ((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec|and|or|xor|andnot)|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(relaxed|acquire|release))|xchg_(relaxed|acquire|release)|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(inc|add|dec))
// Let RMW: \b(?:(?:raw_|arch_)?atomic(?:64|_long)?_(?:(?:add|sub|inc|dec|and|or|xor|andnot)|(?:(?:add|sub|inc|dec)_return|fetch_(?:add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(?:relaxed|acquire|release))|xchg_(?:relaxed|acquire|release)|(?:set|clear|change)_bit|clear_bit_unlock(?:_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(?:inc|add|dec))
// Let ONE: (?:[^;{}#]*;<<SP>>)?
// Require: \b(?:smp|virt)_mb\s*\(\s*\)\s*;<<SP>><<ONE>>[^;{}#]*?<<RMW>>\s*\(
// Keywords: smp_mb, smp_mb__before_atomic, mb-before-atomic

virtual patch
virtual context
virtual org
virtual report

@depends on patch@
identifier rmw =~ "^((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec|and|or|xor|andnot)|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(relaxed|acquire|release))|xchg_(relaxed|acquire|release)|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(inc|add|dec))$";
expression E;
local idexpression L2, L3;
constant C;
type T;
identifier x;
@@

(
- smp_mb();
+ smp_mb__before_atomic();
|
- virt_mb();
+ virt_mb__before_atomic();
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

// ---------------------------------------------------------------------

@r depends on !patch@
identifier rmw =~ "^((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec|and|or|xor|andnot)|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(relaxed|acquire|release))|xchg_(relaxed|acquire|release)|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(inc|add|dec))$";
expression E;
local idexpression L2, L3;
constant C;
type T;
identifier x;
position p;
@@

* \(smp_mb@p\|virt_mb@p\)();
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
)

@initialize:python@
@@

def name_at(p):
	"""The identifier the position is on, as written."""
	with open(p.file) as f:
		line = f.read().split("\n")[int(p.line) - 1]
	return line[int(p.column):int(p.column_end)]

def rmw_word(name):
	"""void, relaxed, acquire-only or release-only, as the checker says"""
	if name.endswith("_relaxed"):
		return "relaxed"
	if name.endswith("_acquire"):
		return "acquire-only"
	if name.endswith("_release") or name.endswith("_negative_byte"):
		return "release-only"
	return "void"

def message(mb, rmw):
	return ("WARNING: %s() directly before a %s atomic; use "
		"%s__before_atomic() [mb-before-atomic]" %
		(mb, rmw_word(rmw), mb))

@script:python depends on org@
p << r.p;
rmw << r.rmw;
@@

cocci.print_main(message(name_at(p[0]), rmw), p)

@script:python depends on report@
p << r.p;
rmw << r.rmw;
@@

coccilib.report.print_report(p[0], message(name_at(p[0]), rmw))
