// SPDX-License-Identifier: GPL-2.0-only
/// Find atomic_inc(E) immediately followed by a full smp_mb().
/// On most architectures smp_mb__after_atomic() is the cheaper, intended
/// barrier after a non-value-returning atomic RMW.
///
/// Used by bench/bench-kernel.sh as the Coccinelle baseline; run as
///   spatch -D report --very-quiet --no-includes --sp-file smp_mb-next-to-atomic.cocci FILE.c
//
// Confidence: Moderate
// Options: --no-includes

virtual report
virtual org

@r depends on report || org@
expression E;
position p;
@@

atomic_inc(E);
smp_mb@p();

@script:python depends on report@
p << r.p;
@@

coccilib.report.print_report(p[0], "atomic_inc() followed by smp_mb(): consider smp_mb__after_atomic()")

@script:python depends on org@
p << r.p;
@@

coccilib.org.print_todo(p[0], "atomic_inc() followed by smp_mb()")
