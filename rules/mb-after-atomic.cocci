// SPDX-License-Identifier: GPL-2.0-only
/// Use smp_mb__after_atomic() instead of smp_mb() directly after a void or
/// relaxed atomic read-modify-write (atomic_inc(), set_bit(), clear_bit(),
/// atomic_fetch_or_relaxed(), ...). These RMWs are unordered
/// (Documentation/atomic_t.txt), and smp_mb__after_atomic() gives them and
/// everything before them full ordering against what follows, as smp_mb()
/// does; it is free where the RMW is already a full barrier (x86), where
/// smp_mb() is one more fence.
///
/// "Directly after" sees through comments, blank lines and one statement
/// that only touches a local variable (v++; v = 0;), not through calls,
/// other accesses, branches or labels. virt_mb() becomes
/// virt_mb__after_atomic() in the same way.
///
//# Known limits (the libclang checker finds these, this script does not):
//# the RMW as part of a larger expression or condition
//# (if (atomic_fetch_or_relaxed(...)) ...; smp_mb();), more than one local
//# statement between the two, and locals that are not simple variables.
//# A local whose address escapes counts as local here (the checker
//# knows better).
//# False positives: none known; the fix is equivalent wherever the match is
//# right. In noinstr code the arch_atomic_*() names may pair with a
//# plain smp_mb() on purpose: check before applying there.
//
// Confidence: High
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Tokens: smp_mb|virt_mb
// Tokens: ((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec|and|or|xor|andnot)|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(relaxed|acquire|release))|xchg_(relaxed|acquire|release)|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(inc|add|dec))
// Let RMW: \b(?:(?:raw_|arch_)?atomic(?:64|_long)?_(?:(?:add|sub|inc|dec|and|or|xor|andnot)|(?:(?:add|sub|inc|dec)_return|fetch_(?:add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(?:relaxed|acquire|release))|xchg_(?:relaxed|acquire|release)|(?:set|clear|change)_bit|clear_bit_unlock(?:_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(?:inc|add|dec))
// Let ONE: (?:[^;{}#]*;<<SP>>)?
// Require: <<RMW>>\s*<<ARGS>>\s*;<<SP>><<ONE>>\b(?:smp|virt)_mb\s*\(
// Keywords: smp_mb, smp_mb__after_atomic, mb-after-atomic

virtual patch
virtual context
virtual org
virtual report

@depends on patch@
identifier rmw =~ "^((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec|and|or|xor|andnot)|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(relaxed|acquire|release))|xchg_(relaxed|acquire|release)|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(inc|add|dec))$";
local idexpression L, L2, L3;
constant C;
type T;
identifier x;
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
(
- smp_mb();
+ smp_mb__after_atomic();
|
- virt_mb();
+ virt_mb__after_atomic();
)

// ---------------------------------------------------------------------

@r depends on !patch@
identifier rmw =~ "^((raw_|arch_)?atomic(64|_long)?_((add|sub|inc|dec|and|or|xor|andnot)|((add|sub|inc|dec)_return|fetch_(add|sub|inc|dec|and|or|xor|andnot)|xchg|add_negative)_(relaxed|acquire|release))|xchg_(relaxed|acquire|release)|(set|clear|change)_bit|clear_bit_unlock(_is_negative_byte)?|xor_unlock_is_negative_byte|refcount_(inc|add|dec))$";
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
* \(smp_mb@p\|virt_mb@p\)();

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
	return ("WARNING: %s() directly after a %s atomic; use "
		"%s__after_atomic() [mb-after-atomic]" %
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
