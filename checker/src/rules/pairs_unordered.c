// SPDX-License-Identifier: GPL-2.0
/*
 * unordered-flag: message passing where both sides mark the flag
 * (WRITE_ONCE() after the data, READ_ONCE() tested before reading the
 * data) and neither side orders anything. No side shows intent, so the
 * older pairing rules stay silent; the marking itself says the flag is
 * shared on purpose. Graded by evidence that the data is meant to travel
 * with the flag: a spin-wait on the flag (the data read after a loop that
 * tests it), or a comment about ordering beside either flag access, makes
 * it a warning; without, a remark. Reported on the writer: where a
 * function rule (ctrl-dep-load-load) already reports the reader, the
 * writer's missing release is still this rule's to say, since the
 * reader's fix alone does not order the writer's stores.
 */
#include <string.h>

#include "../pairs/litmus.h"
#include "../vocab/vocab.h"
#include "pairs_shapes.h"
#include "tree_source.h"

/* Words of a comment that speaks of the flag's role in ordering. */
static const char *const order_words[] = {
	"barrier", "order", "pairs with", "visible", "publish", "memory model",
};

#define NWORDS (sizeof(order_words) / sizeof(order_words[0]))

/* How many lines above an access its comment may start. */
enum { COMMENT_ABOVE = 3 };

static bool locked(const struct fact *f)
{
	return f->locks != 0;
}

/*
 * A marked store or load that orders nothing itself. Not a wait queue's
 * head (prepare_to_wait()'s store, waitqueue_active()'s load): the
 * sleep/wake handshake is store buffering, wake-missing-barrier's and
 * sb-needs-full-barrier's to judge.
 */
static bool relaxed_flag(const struct fact *f, char op)
{
	const struct vocab_entry *p =
		f->name[0] ? vocab_lookup(f->name, VOCAB_NO_HEADER) : NULL;

	return f->op == op && (f->flags & FA_MARKED) &&
	       (f->cls == OC_MLOAD || f->cls == OC_MSTORE) &&
	       !(f->flags & FA_SLEEP) &&
	       !(p && (p->roles & (R_WAIT | R_WAKE))) &&
	       !(p && p->name && strstr(p->name, "_active"));
}

/* The data read comes after a loop that spins on the flag. */
static bool spins(const struct fact *flag, const struct fact *data,
		  unsigned flag_at)
{
	return data->cdep == (int)flag_at && data->leg == flag->leg;
}

/* It would report @c (before its once-per-pair check). */
static bool unordered_flag_claims(const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b;
	const struct fact *wdata, *wflag, *rflag, *rdata;

	if (c->shape != SHAPE_MP || w->o.ord != ORD_NONE ||
	    r->o.ord != ORD_NONE)
		return false;
	wdata = pairing_first(c->set, w);
	wflag = pairing_second(c->set, w);
	rflag = pairing_first(c->set, r);
	rdata = pairing_second(c->set, r);
	/* the reader tests the flag and reads the data under that test */
	if (!relaxed_flag(wflag, FO_STORE) || !relaxed_flag(rflag, FO_LOAD) ||
	    wdata->op != FO_STORE || rdata->op != FO_LOAD ||
	    !(rflag->flags & FA_IN_COND) || rdata->cdep != (int)r->i)
		return false;
	return !(locked(wdata) || locked(wflag) || locked(rflag) ||
		 locked(rdata) || pairs_initialising(c, w));
}

/*
 * Taken even while the rule is off: the older rules never judged such a
 * pair, whose reader alone shows (weak) intent, a protocol to report.
 */
bool unordered_flag_takes(struct rule_tree_ctx *ctx, const struct rule *self,
			  const struct pair_candidate *c,
			  const struct pair_side *e)
{
	(void)ctx;
	(void)self;
	(void)e;
	return unordered_flag_claims(c);
}

void check_unordered_flag(struct rule_tree_ctx *ctx, const struct rule *self,
			  const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b;
	const struct fact *wdata, *wflag, *rflag, *rdata;
	char fk[128], dk[128];
	const struct fact *commented_at;
	bool spin;
	struct oc_diag *d;

	if (!unordered_flag_claims(c) ||
	    !rule_tree_first(ctx, self, w->fn, w->k1, w->k2))
		return;
	wdata = pairing_first(c->set, w);
	wflag = pairing_second(c->set, w);
	rflag = pairing_first(c->set, r);
	rdata = pairing_second(c->set, r);
	spin = spins(rflag, rdata, r->i);
	commented_at = tree_comment_mentions(wflag, COMMENT_ABOVE, order_words,
					     NWORDS) ?
			       wflag :
		       tree_comment_mentions(rflag, COMMENT_ABOVE, order_words,
					     NWORDS) ?
			       rflag :
			       NULL;
	litmus_key_text(w->k2, fk, sizeof(fk));
	litmus_key_text(w->k1, dk, sizeof(dk));
	d = rule_tree_report(
		ctx, self, w->fn, wflag,
		"'%s' is stored after '%s' and %s() reads '%s' after %s "
		"'%s', but neither side orders its accesses: the reader can "
		"see the new '%s' and the old '%s'; use smp_store_release() "
		"here and smp_load_acquire() in %s()",
		fk, dk, pairing_fn(c->set, r)->name, dk,
		spin ? "spinning on" : "testing", fk, fk, dk,
		pairing_fn(c->set, r)->name);
	if (!spin && !commented_at)
		d->sev = SEV_NOTE;
	rule_tree_note(d, wdata, "%s() stores '%s' here",
		       pairing_fn(c->set, w)->name, dk);
	rule_tree_note(d, rflag, "%s() %s '%s' here",
		       pairing_fn(c->set, r)->name, spin ? "spins on" : "tests",
		       fk);
	rule_tree_note(d, rdata, "then reads '%s' here", dk);
	if (commented_at)
		rule_tree_note(d, commented_at,
			       "a comment beside the flag speaks of ordering");
	/* neither side orders: the fix is both of the message's (MP+po+po) */
	{
		static const char *const kind[2] = { "NONE", "NONE" };
		static const char *const fix[2] = { "RELEASE", "ACQUIRE" };

		rule_tree_litmus_kinds(ctx, d, self, c, kind, fix);
	}
}
