// SPDX-License-Identifier: GPL-2.0-only
/// Remove a memory barrier that directly precedes or follows a stronger
/// one: smp_wmb(); smp_mb(); orders nothing that smp_mb() alone does not,
/// nor do two smp_mb() in a row, barrier() next to smp_rmb() (every
/// barrier is also a compiler barrier), or smp_mb() next to mb(). When the
/// two are equally strong, the first is removed.
///
/// "Directly" sees through comments and blank lines, not through any
/// statement, call, branch or label.
///
//# Which barrier implies which (the table FENCES below): smp_X() is
//# implied by virt_X() and by the mandatory X() (rmb(), wmb(), mb()), never
//# the reverse, since on !CONFIG_SMP smp_X() is only a compiler barrier
//# while virt_X() and X() still order against a host or a device; dma_X()
//# orders coherent DMA memory, not CPU against CPU, so it is implied only by
//# dma_mb() and the mandatory barriers and implies nothing but barrier();
//# smp_rmb() and smp_wmb() do not imply each other (quiet), nor do
//# dma_rmb() and dma_wmb(). C11 fences: seq_cst implies acq_rel, which
//# implies acquire and release; acquire and release do not imply each
//# other; they are not trusted as compiler barriers, so barrier() next to
//# them stays. atomic_signal_fence() and relaxed fences are left alone.
//# Known limits: a statement that only touches a local variable between
//# the two hides the pair here (the checker sees through it).
//
// Confidence: High
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Tokens 2: barrier|(smp_|virt_|dma_)?[rw]?mb|__sync_synchronize|(__c11_|__)?atomic_thread_fence
// Let FENCE: \b(?:barrier|(?:smp_|virt_|dma_)?[rw]?mb|__sync_synchronize|(?:__c11_|__)?atomic_thread_fence)
// Require: <<FENCE>>\s*<<ARGS>>\s*;<<GAP>><<FENCE>>\s*\(
// Keywords: barrier, smp_mb, smp_rmb, smp_wmb, mb, duplicate-fence

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@

# What each barrier orders: C compiler, RR/RW/WR/WW CPU against CPU (SMP),
# U also on !CONFIG_SMP (against a host: virt_*), M MMIO, DR/DW/DX coherent
# DMA memory (reads, writes, the rest).
SMP_FULL = {"C", "RR", "RW", "WR", "WW"}
FENCES = {
	"barrier": {"C"},
	"smp_rmb": {"C", "RR"},
	"smp_wmb": {"C", "WW"},
	"smp_mb": SMP_FULL,
	"__sync_synchronize": SMP_FULL,
	"virt_rmb": {"C", "RR", "U"},
	"virt_wmb": {"C", "WW", "U"},
	"virt_mb": SMP_FULL | {"U"},
	"dma_rmb": {"C", "DR"},
	"dma_wmb": {"C", "DW"},
	"dma_mb": {"C", "DR", "DW", "DX"},
	"rmb": {"C", "RR", "U", "M", "DR"},
	"wmb": {"C", "WW", "U", "M", "DW"},
	"mb": SMP_FULL | {"U", "M", "DR", "DW", "DX"},
}
C11_FENCES = ("atomic_thread_fence", "__atomic_thread_fence",
	      "__c11_atomic_thread_fence")
C11_ORDERS = {
	"acquire": {"RR", "RW"},
	"consume": {"RR", "RW"},
	"release": {"RW", "WW"},
	"acq_rel": {"RR", "RW", "WW"},
	"seq_cst": SMP_FULL,
}

def fence_bits(name, args):
	"""What the fence orders, or None if it is none we reason about."""
	args = str(args).strip()
	if name in FENCES:
		return FENCES[name] if args == "" else None
	if name in C11_FENCES:
		for pfx in ("memory_order_", "__ATOMIC_"):
			if args.startswith(pfx):
				return C11_ORDERS.get(args[len(pfx):].lower())
	return None

def weaker(f1, a1, f2, a2):
	"""1 or 2: the one the other implies (1 when equal); 0: neither."""
	# mb(); mb(); twice the same mandatory barrier is hardware timing
	# ("mb(); mb(); /* magic */", arch/alpha chipset code), not ordering
	if f1 == f2 and f1 in ("mb", "rmb", "wmb"):
		return 0
	b1 = fence_bits(f1, a1)
	b2 = fence_bits(f2, a2)
	if not b1 or not b2:
		return 0
	if b1 <= b2:
		return 1
	if b2 <= b1:
		return 2
	return 0

def name_at(p):
	"""The identifier the position is on, as written."""
	with open(p.file) as f:
		line = f.read().split("\n")[int(p.line) - 1]
	return line[int(p.column):int(p.column_end)]

def loc(p):
	l = p[0]
	return cocci.make_position(l.file, l.current_element, int(l.line),
				   int(l.column), int(l.line_end),
				   int(l.column_end))

@pair@
expression list a1, a2;
position p1, p2;
@@

\(barrier@p1\|smp_mb@p1\|smp_rmb@p1\|smp_wmb@p1\|mb@p1\|rmb@p1\|wmb@p1\|virt_mb@p1\|virt_rmb@p1\|virt_wmb@p1\|dma_mb@p1\|dma_rmb@p1\|dma_wmb@p1\|__sync_synchronize@p1\|atomic_thread_fence@p1\|__atomic_thread_fence@p1\|__c11_atomic_thread_fence@p1\)(a1);
\(barrier@p2\|smp_mb@p2\|smp_rmb@p2\|smp_wmb@p2\|mb@p2\|rmb@p2\|wmb@p2\|virt_mb@p2\|virt_rmb@p2\|virt_wmb@p2\|dma_mb@p2\|dma_rmb@p2\|dma_wmb@p2\|__sync_synchronize@p2\|atomic_thread_fence@p2\|__atomic_thread_fence@p2\|__c11_atomic_thread_fence@p2\)(a2);

@script:python dup@
a1 << pair.a1;
p1 << pair.p1;
a2 << pair.a2;
p2 << pair.p2;
pw;
weak;
strong;
@@

f1 = name_at(p1[0])
f2 = name_at(p2[0])
w = weaker(f1, a1, f2, a2)
if w == 1:
	coccinelle.pw = loc(p1)
	coccinelle.weak = f1
	coccinelle.strong = f2
elif w == 2:
	coccinelle.pw = loc(p2)
	coccinelle.weak = f2
	coccinelle.strong = f1
else:
	cocci.include_match(False)

@depends on patch@
identifier f;
position dup.pw;
@@

- f@pw(...);

// ---------------------------------------------------------------------

@r depends on !patch@
identifier f;
position dup.pw;
@@

* f@pw(...);

@script:python depends on org@
p << dup.pw;
weak << dup.weak;
strong << dup.strong;
@@

cocci.print_main("WARNING: %s() next to %s(), which orders everything it does; remove it [duplicate-fence]" % (weak, strong), p)

@script:python depends on report@
p << dup.pw;
weak << dup.weak;
strong << dup.strong;
@@

coccilib.report.print_report(p[0], "WARNING: %s() next to %s(), which orders everything it does; remove it [duplicate-fence]" % (weak, strong))
