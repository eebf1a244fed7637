// SPDX-License-Identifier: GPL-2.0-only
/// Find an if/else on a marked load (READ_ONCE(), atomic_read()) whose two
/// legs start, or end, with the same marked store to the same place
/// (WRITE_ONCE(), atomic_set()). The code may mean the store to be ordered
/// after the load by the control dependency; the compiler may instead make
/// one store of the two, above the branch (or below it), and then nothing
/// orders it after the load on a weakly ordered CPU
/// (tools/memory-model/Documentation/control-dependencies.txt). barrier()
/// in both legs does not stop the merge. Use smp_store_release() for the
/// store, or store values that differ between the legs.
///
/// The load may be in the condition or in a variable the condition reads
/// (q = READ_ONCE(a); ... if (q) ...), as long as nothing assigns the
/// variable in between.
///
//# Reported only: which fix is right (release, smp_mb(), distinct
//# values, or nothing, because the store needs no ordering) is a
//# judgement. The same location as the load is not excluded here, where
//# coherence orders the store anyway; the checker drops those, as it
//# drops code under a lock, acquire heads and plain heads and stores.
//# Known limits: a head reached through more than one variable, a
//# switch, stores other than WRITE_ONCE()/atomic*_set(), and legs that
//# begin with anything but barrier() before the store.
//
// Confidence: Moderate
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Tokens: READ_ONCE|atomic(64|_long)?_read
// Tokens: WRITE_ONCE|atomic(64|_long)?_set
// Let ST: \b(?:WRITE_ONCE|atomic(?:64|_long)?_set)
// Let BAR: (?:barrier\s*\(\s*\)\s*;<<SP>>)?
// Require: \belse\b<<SP>>\{?<<SP>><<BAR>><<ST>>\s*\(|<<ST>>\s*<<ARGS>>\s*;<<SP>><<BAR>>\}?<<SP>>else\b
// Let KEY: \s*\(\W*(?<k>\w++)
// Require-same: \belse\b<<SP>>\{?<<SP>><<BAR>><<ST>><<KEY>>|<<ST>><<KEY>>(?:[^;()]|<<ARGS>>)*\)\s*;<<SP>><<BAR>>\}?<<SP>>else\b &&& \bif\s*<<ARGS>><<SP>>\{?<<SP>><<BAR>><<ST>><<KEY>>|<<ST>><<KEY>>(?:[^;()]|<<ARGS>>)*\)\s*;<<SP>><<BAR>>\}
// Require: \b(?:READ_ONCE|atomic(?:64|_long)?_read)\s*\(
// Scope: function
// Keywords: control dependency, WRITE_ONCE, ctrl-dep-identical-stores

virtual patch
virtual context
virtual org
virtual report

// No patch rules: the fix is not safe to apply blindly.

@head depends on !patch@
identifier q;
expression E, E2;
identifier ld =~ "^(READ_ONCE|atomic(64|_long)?_read)$";
statement S1, S2;
position p0, pi;
type T;
@@

(
T q = ld@p0(E);
... when != q = E2
if@pi (<+... q ...+>) S1 else S2
|
q = ld@p0(E);
... when != q = E2
if@pi (<+... q ...+>) S1 else S2
|
if@pi (<+... ld@p0(E) ...+>) S1 else S2
)

@first depends on head@
expression X, V;
identifier st =~ "^(WRITE_ONCE|atomic(64|_long)?_set)$";
position head.pi, p1, p2;
@@

(
if@pi (...) st@p1(X, V); else st@p2(X, V);
|
if@pi (...) {
(
barrier();
* st@p1(X, V);
|
* st@p1(X, V);
)
...
} else {
(
barrier();
* st@p2(X, V);
|
* st@p2(X, V);
)
...
}
)

@last depends on head@
expression X, V;
identifier st =~ "^(WRITE_ONCE|atomic(64|_long)?_set)$";
position head.pi, p1, p2;
@@

if@pi (...) {
...
* st@p1(X, V);
(
barrier();
|
)
} else {
...
* st@p2(X, V);
(
barrier();
|
)
}

@script:python depends on org@
p0 << head.p0;
ld << head.ld;
p1 << first.p1;
p2 << first.p2;
st << first.st;
@@

cocci.print_main("WARNING: both legs of the if on %s() at line %s start with the same %s() (other at line %s); the compiler may hoist it above the branch [ctrl-dep-identical-stores]" % (ld, p0[0].line, st, p2[0].line), p1)
cocci.print_secs("the same store", p2)

@script:python depends on org@
p0 << head.p0;
ld << head.ld;
p1 << last.p1;
p2 << last.p2;
st << last.st;
@@

cocci.print_main("WARNING: both legs of the if on %s() at line %s end with the same %s() (other at line %s); the compiler may sink it below the branch [ctrl-dep-identical-stores]" % (ld, p0[0].line, st, p2[0].line), p1)
cocci.print_secs("the same store", p2)

@script:python depends on report@
p0 << head.p0;
ld << head.ld;
p1 << first.p1;
p2 << first.p2;
st << first.st;
@@

coccilib.report.print_report(p1[0], "WARNING: both legs of the if on %s() at line %s start with the same %s() (other at line %s); the compiler may hoist it above the branch [ctrl-dep-identical-stores]" % (ld, p0[0].line, st, p2[0].line))

@script:python depends on report@
p0 << head.p0;
ld << head.ld;
p1 << last.p1;
p2 << last.p2;
st << last.st;
@@

coccilib.report.print_report(p1[0], "WARNING: both legs of the if on %s() at line %s end with the same %s() (other at line %s); the compiler may sink it below the branch [ctrl-dep-identical-stores]" % (ld, p0[0].line, st, p2[0].line))
