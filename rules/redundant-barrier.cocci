// SPDX-License-Identifier: GPL-2.0-only
/// smp_mb() directly after a primitive that ends with a full barrier
/// (set_current_state() and set_special_state(), smp_store_mb(), the
/// prepare_to_wait() family, which end with set_current_state()), or
/// directly before one that begins with it (wq_has_sleeper(),
/// swq_has_sleeper()). Two full barriers with no access between order
/// what one of them orders (the LKMM; herd7 on the litmus tests of
/// testcases/redundant-barrier/): the smp_mb() is redundant.
///
//# Not reported, on purpose: __set_current_state(), which is a plain
//# WRITE_ONCE(); clear_and_wake_up_bit(), whose barrier is not its last
//# operation; wake_up() and schedule(), which order only as a side
//# effect; mb(), which also orders MMIO.
//# Known limits: the checker also sees a helper of the same file that
//# ends (begins) with smp_mb() or with one of these, and a macro of the
//# user's that expands to one; this rule does not.
//
// Confidence: High
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Keywords: smp_mb, set_current_state, wq_has_sleeper, redundant-barrier

virtual patch
virtual context
virtual org
virtual report

@after depends on !patch@
position p;
@@

(
 set_current_state(...);
|
 set_special_state(...);
|
 smp_store_mb(...);
|
 prepare_to_wait(...);
|
 prepare_to_wait_exclusive(...);
|
 prepare_to_wait_event(...);
|
 prepare_to_swait_exclusive(...);
|
 prepare_to_swait_event(...);
)
* smp_mb@p();

@before depends on !patch@
position p;
statement S1, S2;
@@

* smp_mb@p();
(
 if (wq_has_sleeper(...)) S1 else S2
|
 if (wq_has_sleeper(...)) S1
|
 if (swq_has_sleeper(...)) S1 else S2
|
 if (swq_has_sleeper(...)) S1
)

@script:python depends on org@
p << after.p;
@@

cocci.print_main("WARNING: smp_mb() directly after a primitive that ends with a full barrier; the barrier is redundant [redundant-barrier]", p)

@script:python depends on report@
p << after.p;
@@

coccilib.report.print_report(p[0], "WARNING: smp_mb() directly after a primitive that ends with a full barrier; the barrier is redundant [redundant-barrier]")

@script:python depends on org@
p << before.p;
@@

cocci.print_main("WARNING: smp_mb() directly before a primitive that begins with a full barrier; the barrier is redundant [redundant-barrier]", p)

@script:python depends on report@
p << before.p;
@@

coccilib.report.print_report(p[0], "WARNING: smp_mb() directly before a primitive that begins with a full barrier; the barrier is redundant [redundant-barrier]")
