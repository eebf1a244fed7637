// SPDX-License-Identifier: GPL-2.0-only
/// Find a pointer loaded with rcu_dereference() (or READ_ONCE(),
/// list_entry_rcu(), ...) that is compared for equality with the address
/// of an object and then read through where the two are equal:
///
///	p = rcu_dereference(gp);
///	if (p == &default_struct)
///		do_default(p->a);
///
/// The compiler knows p's value in that leg and may load default_struct.a
/// instead, a load that depends on nothing and may be done before the
/// rcu_dereference() (Documentation/RCU/rcu_dereference.rst, "comparing
/// pointers"). Compare with rcu_access_pointer() and do not read through
/// the pointer after the comparison, or read through a value the compiler
/// cannot know.
///
//# Reported only: whether the object was initialised "long ago" (at boot,
//# before the pointer could be read) is for a human to judge, and then
//# the report is a false positive.
//# Known limits: comparisons with another pointer variable (the checker
//# reports those), a pointer that reaches the comparison through more
//# than one variable, and switch statements. Stores through the pointer
//# in the equal leg are fine (the control dependency orders them) and are
//# not reported.
//
// Confidence: Moderate
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Tokens: rcu_dereference(_check|_bh|_bh_check|_sched|_sched_check|_raw|_raw_check)?|srcu_dereference(_check)?|READ_ONCE|list_entry_rcu|list_first_or_null_rcu
// Let HD: \b(?:rcu_dereference(?:_check|_bh|_bh_check|_sched|_sched_check|_raw|_raw_check)?|srcu_dereference(?:_check)?|READ_ONCE|list_entry_rcu|list_first_or_null_rcu)
// Let CMP: \(\s*(?:\(\s*)*(?<k>\w+)\s*(?:\)\s*)*[!=]=\s*(?:\(\s*)*&(?!&)|\(\s*&(?!&)(?:[^;{}=!&|?,<>]|->)*?[!=]=\s*(?:\(\s*)*(?<k>\w+)(?:\s*\))+
// Require-same: \b(?<k>\w++)\s*=\s*(?:\(\s*[\w\s*]+\)\s*)?[(\s]*<<HD>>\s*\( &&& <<CMP>>
// Scope: function
// Keywords: rcu_dereference, pointer comparison, addr-dep-pointer-compare

virtual patch
virtual context
virtual org
virtual report

// No patch rules: the fix is not safe to apply blindly.

// where a field is written, not read: those are not reported
@st depends on !patch@
expression E, V;
identifier f;
position q;
@@

(
WRITE_ONCE(E->f@q, V)
|
E->f@q = V
)

@r depends on !patch@
identifier p;
identifier hd =~ "^(rcu_dereference(_check|_bh|_bh_check|_sched|_sched_check|_raw|_raw_check)?|srcu_dereference(_check)?|READ_ONCE|list_entry_rcu|list_first_or_null_rcu)$";
expression E, E2, X;
identifier f;
statement S1, S2;
position p0, pc;
position pd != st.q;
type T;
@@

(
T p = hd@p0(...);
|
p = hd@p0(...);
)
... when != p = E2
(
if@pc (\(p == &X\|&X == p\)) {
  <+... p->f@pd ...+>
} else S2
|
if@pc (\(p == &X\|&X == p\)) {
  <+... p->f@pd ...+>
}
|
if@pc (\(p == &X\|&X == p\))
  E(..., <+... p->f@pd ...+>, ...);
|
if@pc (\(p != &X\|&X != p\)) S1 else {
  <+... p->f@pd ...+>
}
|
if@pc (\(p != &X\|&X != p\)) S1
... when != p = E2
return <+... p->f@pd ...+>;
)

@c depends on context@
position r.pc;
statement S1, S2;
@@

(
* if@pc (...) S1 else S2
|
* if@pc (...) S1
)

@script:python depends on org@
p0 << r.p0;
pc << r.pc;
pd << r.pd;
p << r.p;
X << r.X;
hd << r.hd;
@@

cocci.print_main("WARNING: '%s' (from %s() at line %s) is compared with '&%s', then read through at line %s where they are equal; the compiler may read through '&%s' instead [addr-dep-pointer-compare]" % (p, hd, p0[0].line, X, pd[0].line, X), pc)
cocci.print_secs("read through here", pd)

@script:python depends on report@
p0 << r.p0;
pc << r.pc;
pd << r.pd;
p << r.p;
X << r.X;
hd << r.hd;
@@

coccilib.report.print_report(pc[0], "WARNING: '%s' (from %s() at line %s) is compared with '&%s', then read through at line %s where they are equal; the compiler may read through '&%s' instead [addr-dep-pointer-compare]" % (p, hd, p0[0].line, X, pd[0].line, X))
