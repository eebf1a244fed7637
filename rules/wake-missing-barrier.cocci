// SPDX-License-Identifier: GPL-2.0-only
/// A waker that stores the condition and then tests the wait queue for
/// sleepers without its lock and with no full barrier between:
/// waitqueue_active() or swait_active(), or wake_up_bit() and
/// wake_up_var(), which test the hashed queue with waitqueue_active().
/// The comment on waitqueue_active() in include/linux/wait.h is the
/// spec: "Use either while holding wait_queue_head::lock or when used
/// for wakeups with an extra smp_mb()". Without it the test can pass the
/// store (store buffering), the waiter that has just queued itself misses
/// the condition, and the wake-up is lost. Use wq_has_sleeper(), or
/// smp_mb() (smp_mb__after_atomic() after a void atomic) before the test.
///
//# Not reported, on purpose: anything between the store and the test
//# that is a call (it may take the lock or order: the checker looks into
//# the callees of the same file, this rule does not), a full barrier, or
//# a lock operation; a fully ordered RMW as the store
//# (test_and_clear_bit(), atomic_dec_and_test()); wq_has_sleeper().
//# Known limits: the store is any store to a field or a marked store,
//# not necessarily the condition the waiter tests; a function whose
//# caller holds the queue's lock is known by its name only (foo_locked()),
//# and a lock taken anywhere before the test on some path quiets it.
//
// Confidence: Moderate
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Tokens: waitqueue_active|swait_active|wake_up_bit|wake_up_var
// Let STORE: \b(?:WRITE_ONCE|smp_store_release|clear_bit|set_bit|atomic_dec|atomic_inc|atomic_set)\s*\(|(?:->|\.)\s*\w+\s*=(?!=)
// Require: <<STORE>>
// Require: \bwake_up_(?:bit|var)\s*\(|\bif\s*<<COND>>\s*(?:waitqueue_active|swait_active)\s*\(
// Scope: function
// Keywords: waitqueue_active, wake_up_bit, wake_up_var, wake-missing-barrier

virtual patch
virtual context
virtual org
virtual report

// tests made while a lock is held: the queue's lock, as far as we know
@locked depends on !patch exists@
expression l;
position q;
@@

(
 lockdep_assert_held(l);
|
 spin_lock(l);
|
 spin_lock_irq(l);
|
 spin_lock_irqsave(l, ...);
|
 spin_lock_bh(l);
|
 raw_spin_lock(l);
|
 raw_spin_lock_irq(l);
|
 raw_spin_lock_irqsave(l, ...);
|
 mutex_lock(l);
)
 ... when != spin_unlock(l)
     when != spin_unlock_irq(l)
     when != spin_unlock_irqrestore(l, ...)
     when != spin_unlock_bh(l)
     when != raw_spin_unlock(l)
     when != raw_spin_unlock_irq(l)
     when != raw_spin_unlock_irqrestore(l, ...)
     when != mutex_unlock(l)
(
 waitqueue_active@q(...)
|
 swait_active@q(...)
|
 wake_up_bit@q(...)
|
 wake_up_var@q(...)
)

// tests that decide a wake-up: the then-branch wakes, or the test
// returns early and the wake-up follows (wakeup_kswapd()); not
// BUG_ON(waitqueue_active()) nor a test used as a heuristic in a
// compound condition
@wk depends on !patch@
expression wq;
identifier wake =~ "^s?wake_up(_[a-z_]*)?$";
position q;
@@

(
 if (\(waitqueue_active@q(wq)\|swait_active@q(wq)\)) { <+... wake(...) ...+> }
|
 if (\(waitqueue_active@q(wq)\|swait_active@q(wq)\)) { <+... wake(...) ...+> } else { ... }
|
 if (!\(waitqueue_active@q(wq)\|swait_active@q(wq)\)) return ...;
 ...
 wake(...);
)

@initialize:python@
@@

woken = set()

def decides(p):
	"""wake_up_bit() and wake_up_var() wake; a queue test needs one after."""
	with open(p.file) as f:
		line = f.read().split("\n")[int(p.line) - 1]
	name = line[int(p.column):]
	if name.startswith("wake_up_bit") or name.startswith("wake_up_var"):
		return True
	return (p.file, p.line, p.column) in woken

@script:python depends on !patch@
q << wk.q;
@@

woken.add((q[0].file, q[0].line, q[0].column))

@r depends on !patch exists@
expression x, v, nr, addr, wq;
identifier fld, fn;
position p != locked.q;
@@

(
 WRITE_ONCE(x, v);
|
 smp_store_release(x, v);
|
 x->fld = v;
|
 x.fld = v;
|
 clear_bit(nr, addr);
|
 set_bit(nr, addr);
|
 atomic_dec(x);
|
 atomic_inc(x);
|
 atomic_set(x, v);
)
 ... when != fn(...)
(
* waitqueue_active@p(wq)
|
* swait_active@p(wq)
|
* wake_up_bit@p(...)
|
* wake_up_var@p(...)
)

@script:python depends on org@
p << r.p;
@@

# a foo_locked() function: its caller holds the lock
if not p[0].current_element.endswith("_locked") and decides(p[0]):
	cocci.print_main("WARNING: a test for sleepers after a store with no full barrier between: a lost wake-up; use wq_has_sleeper() or smp_mb() [wake-missing-barrier]", p)

@script:python depends on report@
p << r.p;
@@

if not p[0].current_element.endswith("_locked") and decides(p[0]):
	coccilib.report.print_report(p[0], "WARNING: a test for sleepers after a store with no full barrier between: a lost wake-up; use wq_has_sleeper() or smp_mb() [wake-missing-barrier]")
