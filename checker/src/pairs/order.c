// SPDX-License-Identifier: GPL-2.0
/*
 * Whether one function orders two of its accesses, as
 * docs/ordering-semantics.md, "1. Per-dialect tables", says each orders:
 * a fence between them of the right kind, an acquire first, a release
 * second, a fully ordered RMW, an address or control dependency.
 */
#include "order.h"

#include <stdlib.h>
#include <string.h>

#include "../vocab/vocab.h"
#include "summary.h"

#define ALL_ORDERS (VO_RR | VO_RW | VO_WR | VO_WW)

/* What a fence fact orders; smp_mb__{before,after}_atomic() make it full. */
unsigned order_fence_mask(const struct fact *f)
{
	if (f->cls == OC_MOD_BEFORE || f->cls == OC_MOD_AFTER)
		return ALL_ORDERS;
	return vocab_fence_mask((enum oc_class)f->cls, f->flags) & ALL_ORDERS;
}

/*
 * The lock modifiers are full barriers only after what they modify
 * (tools/memory-model/linux-kernel.cat): smp_mb__after_spinlock() orders
 * an access before a lock that precedes it, smp_mb__after_unlock_lock()
 * one before an unlock then a lock that precede it (po-unlock-lock-po).
 * Without them, the lock alone is an acquire: it orders nothing before
 * it with anything after. smp_mb__{before,after}_atomic() without their
 * RMW are atomic-barrier-misuse's to report, and stay full here.
 */
static const struct {
	const char *name;
	bool unlock_first; /* an unlock, then the lock */
} lock_modifiers[] = {
	{ "smp_mb__after_spinlock", false },
	{ "smp_mb__after_unlock_lock", true },
};

/* The lock modifier at @k has what it modifies between @i and itself. */
static bool modifies(const struct fact_fn *fn, unsigned i, unsigned k)
{
	const struct fact *f = &fn->v[k];
	bool unlocked = false;
	unsigned n, m;

	if (!(f->flags & F_LOCK_MOD))
		return true;
	for (n = 0; n < sizeof(lock_modifiers) / sizeof(lock_modifiers[0]); n++)
		if (!strcmp(f->name, lock_modifiers[n].name))
			break;
	if (n == sizeof(lock_modifiers) / sizeof(lock_modifiers[0]))
		return true;
	for (m = i + 1; m < k; m++) {
		if (fn->v[m].op == FO_UNLOCK)
			unlocked = true;
		else if (fn->v[m].op == FO_LOCK &&
			 (unlocked || !lock_modifiers[n].unlock_first))
			return true;
	}
	return false;
}

static struct ordering yes(const struct fact *by, const char *what)
{
	struct ordering o = { ORD_YES, by, what };

	return o;
}

const struct fact *order_unlock_lock(const struct fact_fn *fn, unsigned i,
				     unsigned j)
{
	const struct fact *unlock = NULL, *lock = NULL, *f;
	unsigned k;

	if (!fn->v[i].locks || !fn->v[j].locks)
		return NULL;
	for (k = i + 1; k < j; k++) {
		f = &fn->v[k];
		if (f->op == FO_UNLOCK && !unlock && !lock)
			unlock = f;
		else if (f->op == FO_LOCK && unlock && !lock &&
			 f->key == unlock->key)
			lock = f;
		else if (f->op == FO_LOCK || f->op == FO_UNLOCK ||
			 f->op == FO_CALL)
			return NULL;
	}
	return lock;
}

/*
 * The read of @a (fact @i) or of its location that @b (fact @j) depends
 * on through a chain of address dependencies (a list iterator's first
 * read, then the next pointers: "n = FIRST(head); n = NEXT(n)"), or NULL.
 */
static const struct fact *dep_on(const struct fact_fn *fn, const struct fact *a,
				 unsigned i, const struct fact *b, unsigned j)
{
	const struct fact *h;
	int k, steps;

	for (k = b->adep, steps = 0; k >= 0 && (unsigned)k < j && steps < 16;
	     k = h->adep, steps++) {
		h = &fn->v[k];
		if (h->op != FO_LOAD || (h->flags & FA_C11))
			return NULL;
		if ((unsigned)k == i || (a->key[0] && h->key == a->key))
			return h;
		if (h->adep >= k)
			return NULL;
	}
	return NULL;
}

/*
 * Facts @c and @i come out of one call of the function's own: a test of
 * what it returned ("if (nf_ct_key_equal(h, ...)) return") hangs on the
 * loads it made, not only on the last (inline.c's choice for @c)
 */
static bool one_call(const struct fact_fn *fn, int c, unsigned i)
{
	return c >= 0 && fn->via && fn->via[c].depth && fn->via[i].depth &&
	       fn->via[c].pos == fn->via[i].pos;
}

struct ordering order_between(const struct fact_fn *fn, unsigned i, unsigned j,
			      unsigned need, const struct summaries *sums)
{
	const struct fact *a = &fn->v[i], *b = &fn->v[j], *f, *unlock = NULL;
	struct ordering r = { ORD_NONE, NULL, NULL };
	bool first_reads = need & (VO_RR | VO_RW);
	bool second_writes = need & (VO_RW | VO_WW);
	const char *what;
	unsigned k, m;

	if (a->cls == OC_RMW_FULL || b->cls == OC_RMW_FULL)
		return yes(a->cls == OC_RMW_FULL ? a : b,
			   "a fully ordered read-modify-write");
	if (first_reads && order_is_acquire(a->cls))
		return yes(a, "an acquire");
	if (second_writes && order_is_release(b->cls))
		return yes(b, "a release");
	if ((a->flags & b->flags & F_SEQ_CST) && need == VO_WR)
		return yes(b, "two seq_cst accesses");
	/*
	 * rcu_dereference() and friends ask for the dependency by name: trust
	 * them where we lose the value (container_of(), list iterators).
	 */
	if (first_reads && a->cls == OC_DEP_LOAD)
		return yes(a, "an address dependency");
	/* C11 has no dependency ordering at all (consume is acquire) */
	if (first_reads && b->adep == (int)i && !(a->flags & FA_C11))
		return yes(a, "an address dependency");
	/*
	 * b hangs on another read of a's location: an earlier one, which a
	 * reads again to check it (hazard pointers: "p = load(&head);
	 * protect(p); if (p != load(&head)) retry;"), so b reads the object
	 * the first read found; or a later one, which reads what a read or
	 * newer (coherence) and orders b after it (MCS unlock: "next =
	 * load(&node->next); if (!next) while (!(next = load(...)));")
	 */
	if (first_reads && !(a->flags & FA_C11) && (f = dep_on(fn, a, i, b, j)))
		return yes(f, "an address dependency");
	if (first_reads && second_writes &&
	    (b->cdep == (int)i || one_call(fn, b->cdep, i)) &&
	    !(a->flags & FA_C11))
		return yes(a, "a control dependency");
	/* release then acquire does not order a store before a load */
	if (need == VO_WR &&
	    (order_is_release(a->cls) || order_is_acquire(b->cls))) {
		r.ord = ORD_WRONG;
		r.by = order_is_release(a->cls) ? a : b;
		r.what = order_is_release(a->cls) ? "a release" : "an acquire";
	}
	/*
	 * Each access in its own critical section of one lock: the unlock
	 * and lock between order all but a store before a load (LKMM's
	 * po-unlock-lock-po; herd7's table, UNLOCK_LOCK, has the details)
	 */
	if ((f = order_unlock_lock(fn, i, j)) && need != VO_WR)
		return yes(f, "an unlock and a lock");
	for (k = i + 1; k < j; k++) {
		f = &fn->v[k];
		if (!facts_compatible(fn, a, f) || !facts_compatible(fn, f, b))
			continue;
		switch (f->op) {
		case FO_FENCE:
			m = modifies(fn, i, k) ? order_fence_mask(f) : 0;
			if (m & need)
				return yes(f, f->name);
			if (m && r.ord == ORD_NONE) {
				r.ord = ORD_WRONG;
				r.by = f;
				r.what = f->name;
			}
			break;
		case FO_RMW:
			if (f->cls == OC_RMW_FULL)
				return yes(f, f->name);
			/* an acquire RMW of the flag read again (a cmpxchg
			 * after atomic_read()) is the read that counts */
			if (first_reads && f->key == a->key &&
			    order_is_acquire(f->cls))
				return yes(f, "an acquire");
			break;
		case FO_LOAD:
			if (first_reads && f->key == a->key &&
			    order_is_acquire(f->cls))
				return yes(f, "an acquire");
			break;
		/*
		 * An unlock and a later lock, of any lock, between them:
		 * LKMM's po-unlock-lock-po orders all but a store before a
		 * load. A lone lock is an acquire, a lone unlock a release:
		 * neither orders an access before it with one after it.
		 */
		case FO_UNLOCK:
			if (!unlock)
				unlock = f;
			break;
		case FO_LOCK:
			if (!unlock)
				break;
			if (need != VO_WR)
				return yes(f, "an unlock and a lock");
			if (r.ord == ORD_NONE) {
				r.ord = ORD_WRONG;
				r.by = f;
				r.what = "an unlock and a lock";
			}
			break;
		case FO_CALL:
			/* a callee that cannot order or touch them is
			 * looked past (summary.c) */
			switch (summary_call_effect(sums, f, need, a->key,
						    b->key, &what)) {
			case CALL_ORDERS:
				return yes(f, what);
			case CALL_UNKNOWN:
				r.ord = ORD_UNKNOWN;
				r.by = f;
				break;
			case CALL_TRANSPARENT:
				break;
			}
			break;
		default:
			break;
		}
	}
	return r;
}
