// SPDX-License-Identifier: GPL-2.0-only
/// Use smp_store_mb(x, v) for WRITE_ONCE(x, v) directly followed by
/// smp_mb(). smp_store_mb() is defined as exactly that pair
/// (include/asm-generic/barrier.h) and is one xchg on x86 instead of a
/// store and a locked instruction or mfence.
///
/// "Directly followed" sees through comments and blank lines, not
/// through any statement, call, branch or label.
///
//# Not reported, on purpose: plain stores (x = v; smp_mb();), which
//# smp_store_mb() would turn into a marked store; smp_wmb() and mb()
//# after the store, which are other barriers; a store in a branch before
//# the barrier.
//# Known limits: a statement that only touches a local variable between
//# the store and the barrier hides the pair here (the checker sees
//# through it, but the fix would then reorder code); smp_store_mb() needs
//# an lvalue whose address can be taken (x86 xchg()), so check a bit-field
//# or register variable before applying.
//
// Confidence: High
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Tokens: WRITE_ONCE
// Tokens: smp_mb
// Require: \bWRITE_ONCE\s*<<ARGS>>\s*;<<SP>>smp_mb\s*\(
// Keywords: WRITE_ONCE, smp_mb, smp_store_mb, store-then-mb

virtual patch
virtual context
virtual org
virtual report

@depends on patch@
expression x, v;
@@

- WRITE_ONCE
+ smp_store_mb
  (x, v);
- smp_mb();

// ---------------------------------------------------------------------

@r depends on !patch@
expression x, v;
position p, px, pv;
@@

* WRITE_ONCE@p(x@px, v@pv);
  smp_mb();

@initialize:python@
@@

import re

def args_text(px, pv):
	"""The arguments as written, from the start of x to the end of v."""
	with open(px.file) as f:
		lines = f.read().split("\n")
	l0, c0 = int(px.line), int(px.column)
	l1, c1 = int(pv.line_end), int(pv.column_end)
	if l0 == l1:
		text = lines[l0 - 1][c0:c1]
	else:
		text = "\n".join([lines[l0 - 1][c0:]] + lines[l0:l1 - 1] +
				  [lines[l1 - 1][:c1]])
	return re.sub(r"\s+", " ", text)

def message(px, pv):
	return ("WARNING: WRITE_ONCE() directly followed by smp_mb(); use "
		"smp_store_mb(%s) [store-then-mb]" % args_text(px[0], pv[0]))

@script:python depends on org@
p << r.p;
px << r.px;
pv << r.pv;
@@

cocci.print_main(message(px, pv), p)

@script:python depends on report@
p << r.p;
px << r.px;
pv << r.pv;
@@

coccilib.report.print_report(p[0], message(px, pv))
