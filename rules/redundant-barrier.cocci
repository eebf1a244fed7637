// SPDX-License-Identifier: GPL-2.0-only
/// smp_mb() directly after a primitive that ends with a full barrier
/// (set_current_state() and set_special_state(), smp_store_mb(), the
/// prepare_to_wait() family, which end with set_current_state()), or
/// directly before one that begins with it (wq_has_sleeper(),
/// swq_has_sleeper()). Two full barriers with no access between order
/// what one of them orders (the LKMM; herd7 on the litmus tests of
/// testcases/redundant-barrier/): the smp_mb() is redundant.
/// And smp_wmb() or smp_rmb() directly between a spinlock's unlock and a
/// spinlock's lock (any two): in the LKMM an unlock followed by a lock on
/// one CPU already orders the stores, and the loads, before it against
/// those after it (po-unlock-lock-po; herd7 on
/// MP+unlockwmblockonceonce+fencermbonceonce.litmus and
/// MP+fencewmbonceonce+unlockrmblockonceonce.litmus and their twins
/// without the barrier, all "Never").
///
//# Not reported, on purpose: __set_current_state(), which is a plain
//# WRITE_ONCE(); clear_and_wake_up_bit(), whose barrier is not its last
//# operation; wake_up() and schedule(), which order only as a side
//# effect; mb(), which also orders MMIO. smp_mb() between an unlock and
//# a lock, which is not redundant: store buffering stays allowed without
//# it (SB+unlocklockonceonce+fencembonceonce.litmus, "Sometimes");
//# mutexes, R/W locks and semaphores, which the LKMM does not model;
//# trylocks, which order nothing when they fail.
//# Known limits: the checker also sees a helper of the same file that
//# ends (begins) with smp_mb(), smp_wmb(), smp_rmb(), a fully ordered
//# RMW, an unlock (a lock) or one of these primitives; fences on both
//# sides of a call of a helper that accesses no shared memory; a fully
//# ordered RMW next to smp_wmb() or smp_rmb(); and a macro of the
//# user's that expands to one; this rule does not.
//
// Confidence: High
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Keywords: smp_mb, smp_wmb, smp_rmb, set_current_state, wq_has_sleeper, spin_unlock, spin_lock, redundant-barrier
// Tokens: smp_mb|smp_wmb|smp_rmb
// Let FULLEND: \b(?:set_current_state|set_special_state|smp_store_mb|prepare_to_wait(?:_exclusive|_event)?|prepare_to_swait_(?:exclusive|event))
// Let UNLOCK: \b(?:raw_)?spin_unlock(?:_irq|_bh|_irqrestore)?
// Let LOCK: \b(?:raw_)?spin_lock(?:_irq|_bh|_irqsave|_nested)?
// Require: <<FULLEND>>\s*<<ARGS>>\s*;<<SP>>smp_mb\s*\(|\bsmp_mb\s*\(\s*\)\s*;<<SP>>if\s*<<COND>>\s*s?wq_has_sleeper\s*\(|<<UNLOCK>>\s*<<ARGS>>\s*;<<SP>>smp_[wr]mb\s*\(\s*\)\s*;<<SP>><<LOCK>>\s*\(

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

@unlocklock depends on !patch@
position p;
expression L1, L2, F1, F2;
@@

(
 spin_unlock(L1);
|
 spin_unlock_irq(L1);
|
 spin_unlock_bh(L1);
|
 spin_unlock_irqrestore(L1, F1);
|
 raw_spin_unlock(L1);
|
 raw_spin_unlock_irq(L1);
|
 raw_spin_unlock_bh(L1);
|
 raw_spin_unlock_irqrestore(L1, F1);
)
(
* smp_wmb@p();
|
* smp_rmb@p();
)
(
 spin_lock(L2);
|
 spin_lock_irq(L2);
|
 spin_lock_bh(L2);
|
 spin_lock_irqsave(L2, F2);
|
 spin_lock_nested(L2, F2);
|
 raw_spin_lock(L2);
|
 raw_spin_lock_irq(L2);
|
 raw_spin_lock_bh(L2);
|
 raw_spin_lock_irqsave(L2, F2);
|
 raw_spin_lock_nested(L2, F2);
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

@script:python depends on org@
p << unlocklock.p;
@@

cocci.print_main("WARNING: smp_wmb()/smp_rmb() directly between a spinlock's unlock and lock, which already order them (LKMM); the barrier is redundant [redundant-barrier]", p)

@script:python depends on report@
p << unlocklock.p;
@@

coccilib.report.print_report(p[0], "WARNING: smp_wmb()/smp_rmb() directly between a spinlock's unlock and lock, which already order them (LKMM); the barrier is redundant [redundant-barrier]")
