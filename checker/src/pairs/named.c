// SPDX-License-Identifier: GPL-2.0
/*
 * The partner a "pairs with" comment names, held against what it does
 * (named.h). Linux documents its barrier pairs in comments on both
 * sides; when one side loses its barrier the other side's comment still
 * names it, and a barrier() beside a comment that pairs it with another
 * CPU's smp_wmb() orders nothing for that CPU.
 */
#include "named.h"

#include <string.h>

#include "../vocab/vocab.h"
#include "inline.h"
#include "order.h"
#include "summary.h"

enum {
	NAMED_DEPTH = 2, /* callees looked into for an ordering */
	NAMED_WINDOW = 24, /* facts from the fence its flag may be */
};

static bool ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static bool has_lower(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] >= 'a' && s[i] <= 'z')
			return true;
	return false;
}

unsigned named_functions(const char *c, const char **names, unsigned max,
			 char *buf, size_t bufsize)
{
	unsigned n = 0;
	size_t used = 0, len;
	const char *s, *e;

	for (s = c; *s && n < max; s++) {
		if (s != c && ident_char(s[-1]))
			continue;
		for (e = s; ident_char(*e); e++)
			;
		len = (size_t)(e - s);
		if (!len || *e != '(' || used + len + 1 > bufsize)
			continue;
		/*
		 * "foo_*()" and "foo_(a|b)()" are families, "LMM(x)" a label
		 * macro: not names of functions
		 */
		if (s[len - 1] == '_' || !has_lower(s, len) ||
		    (s > c && !strchr(" \t(`'\"", s[-1])))
			continue;
		memcpy(buf + used, s, len);
		buf[used + len] = '\0';
		/* primitives name the partner's kind, not where it is */
		if (!vocab_lookup(buf + used, VOCAB_NO_HEADER)) {
			names[n++] = buf + used;
			used += len + 1;
		}
		s = e;
	}
	return n;
}

/* An ordering class a comment can pair a barrier with across CPUs. */
static bool cpu_ordering(enum oc_class cls)
{
	switch (cls) {
	case OC_FENCE_FULL:
	case OC_FENCE_R:
	case OC_FENCE_W:
	case OC_FENCE_ACQ:
	case OC_FENCE_REL:
	case OC_FENCE_ACQREL:
	case OC_MOD_BEFORE:
	case OC_MOD_AFTER:
	case OC_ACQ_LOAD:
	case OC_REL_STORE:
	case OC_PUBLISH:
	case OC_RMW_FULL:
		return true;
	default:
		return false;
	}
}

/*
 * What this side needs where the comment names @v as its partner: the
 * reader of an smp_wmb() or a release wants smp_rmb(), the writer of an
 * smp_rmb() or an acquire smp_wmb(), anything else smp_mb(). NULL where
 * @v orders nothing across CPUs.
 */
static const char *this_side_needs(const struct vocab_entry *v)
{
	if (!v || !cpu_ordering(v->cls) || (v->flags & F_DMA))
		return NULL;
	switch (v->cls) {
	case OC_FENCE_W:
	case OC_FENCE_REL:
	case OC_REL_STORE:
	case OC_PUBLISH:
		return "smp_rmb()";
	case OC_FENCE_R:
	case OC_FENCE_ACQ:
	case OC_ACQ_LOAD:
		return "smp_wmb()";
	default:
		return "smp_mb()";
	}
}

/*
 * The comment names a primitive that orders across CPUs ("smp_wmb() in
 * foo()", "the rmb in bar()") and no compiler barrier: kcov's "paired
 * barrier()/WRITE_ONCE()" pairs two compiler barriers, which is right.
 */
static const char *names_cpu_barrier(const char *c)
{
	const char *s, *e, *fix = NULL;
	char word[64];
	size_t n;

	for (s = c; *s; s = e) {
		for (; *s && !ident_char(*s); s++)
			;
		for (e = s; ident_char(*e); e++)
			;
		n = (size_t)(e - s);
		if (!n || n >= sizeof(word))
			continue;
		memcpy(word, s, n);
		word[n] = '\0';
		if (!strcmp(word, "barrier") && *e == '(')
			return NULL;
		if (!fix)
			fix = this_side_needs(
				vocab_lookup(word, VOCAB_NO_HEADER));
	}
	return fix;
}

/* smp_read_barrier_depends(): orders a dependent read, as a CPU fence */
static bool read_depends(const struct fact *fence, enum oc_dialect d)
{
	const struct vocab_entry *e =
		fence->name[0] ? vocab_lookup(fence->name, (int)d) : NULL;

	return e && (e->roles & R_READ_DEPENDS);
}

static bool orders(const struct fact_set *set, const struct summaries *sums,
		   const struct fact_fn *f, unsigned depth);

/* A call that may order: what the tree has of the callee, or its name. */
static bool call_orders(const struct fact_set *set,
			const struct summaries *sums, const struct fact_fn *f,
			const struct fact *call, unsigned depth)
{
	const struct fn_summary *s = summary_of_name(sums, call->name);
	const struct fact_fn *def;

	if (!s)
		return summary_may_order(sums, call->name);
	if (s->mask || s->opaque)
		return true;
	if (!s->relevant)
		return false;
	/* acquires, releases and dependencies are not in the mask */
	def = summary_definition(sums, call->name, f);
	return depth >= NAMED_DEPTH || !def ||
	       orders(set, sums, def, depth + 1);
}

/*
 * Anything in @f that can be one side of an ordering: a CPU fence, an
 * acquire, a release, an ordered RMW, a marked load that heads a
 * dependency, a lock, a wait, or a call that may order.
 */
static bool orders(const struct fact_set *set, const struct summaries *sums,
		   const struct fact_fn *f, unsigned depth)
{
	unsigned i, k;

	for (i = 0; i < f->n; i++) {
		const struct fact *x = &f->v[i];

		if (x->flags & (F_FULL_AFTER | F_FULL_BEFORE | F_RMB_BEFORE |
				F_WMB_AFTER | F_WAKE | F_SPIN | FA_SLEEP))
			return true;
		switch (x->op) {
		case FO_FENCE:
			if ((x->cls != OC_CBAR && !(x->flags & F_SIGNAL)) ||
			    read_depends(x, f->dialect))
				return true;
			break;
		case FO_LOCK:
		case FO_UNLOCK:
			return true;
		case FO_CALL:
			if (call_orders(set, sums, f, x, depth))
				return true;
			break;
		case FO_RMW:
			if (x->cls != OC_RMW_RLX && x->cls != OC_PLAIN &&
			    x->cls != OC_NONE)
				return true;
			break;
		case FO_STORE:
			if (x->cls == OC_REL_STORE || x->cls == OC_PUBLISH)
				return true;
			break;
		case FO_LOAD:
			if (x->cls == OC_ACQ_LOAD || x->cls == OC_DEP_LOAD)
				return true;
			/* an address or control dependency it heads */
			for (k = i + 1; (x->flags & FA_MARKED) && k < f->n; k++)
				if (f->v[k].adep == (int)i ||
				    (f->v[k].cdep == (int)i &&
				     fact_writes(&f->v[k])))
					return true;
			break;
		default:
			break;
		}
	}
	return false;
}

/*
 * The flag of the commented side @f's fence at @at: for a write barrier
 * the store after it, for a read barrier the load before it, for a full
 * barrier (store buffering) the load after it. NULL if none is near.
 */
static const char *flag_of(const struct fact_fn *f, unsigned at)
{
	const struct fact *fence = &f->v[at];
	bool rmb = fence->cls == OC_FENCE_R || fence->cls == OC_FENCE_ACQ;
	bool wmb = fence->cls == OC_FENCE_W || fence->cls == OC_FENCE_REL;
	unsigned i;

	if (rmb) {
		for (i = at; i-- > 0 && at - i <= NAMED_WINDOW;)
			if (fact_reads(&f->v[i]) && f->v[i].key[0])
				return f->v[i].key;
		return NULL;
	}
	for (i = at + 1; i < f->n && i - at <= NAMED_WINDOW; i++)
		if ((wmb ? fact_writes(&f->v[i]) : fact_reads(&f->v[i])) &&
		    f->v[i].key[0])
			return f->v[i].key;
	return NULL;
}

/*
 * Where in the partner @g its barrier is missing: for the partner of a
 * write barrier its read of the flag (the smp_rmb() goes after it), for
 * the partner of a read or full barrier its store of the flag (the
 * smp_wmb() or smp_mb() goes before it), else its first access of a
 * location @f accesses too. NULL if they share none: no partner of it.
 */
static const struct fact *missing_at(const struct fact_fn *g,
				     const struct fact_fn *f, unsigned at)
{
	const struct fact *fence = &f->v[at];
	bool wmb = fence->cls == OC_FENCE_W || fence->cls == OC_FENCE_REL;
	const char *flag = flag_of(f, at);
	unsigned i, k;

	for (i = 0; flag && i < g->n; i++)
		if (g->v[i].key == flag &&
		    (wmb ? fact_reads(&g->v[i]) : fact_writes(&g->v[i])))
			return &g->v[i];
	for (i = 0; i < g->n; i++) {
		if (!fact_is_access(&g->v[i]) || !g->v[i].key[0])
			continue;
		for (k = 0; k < f->n; k++)
			if (f->v[k].key == g->v[i].key)
				return &g->v[i];
	}
	return NULL;
}

/*
 * The definitions of @name in the set, the first @max in the set's order:
 * the one of @near's file if any among them.
 */
static unsigned definitions(const struct fact_set *set,
			    const struct summaries *sums, const char *name,
			    const struct fact_fn *near, unsigned *out,
			    unsigned max)
{
	const char *in = facts_interned(set, name);
	unsigned i, n = in ? summary_functions(sums, in, out, max) : 0;

	if (n > max)
		n = max;
	for (i = 0; i < n; i++)
		if (!strcmp(set->fns[out[i]].file, near->file)) {
			out[0] = out[i];
			return 1;
		}
	return n;
}

enum named_problem named_partner_check(const struct fact_set *set,
				       const struct summaries *sums,
				       unsigned fn, unsigned at,
				       struct named_partner *out)
{
	const struct fact_fn *f = &set->fns[fn];
	const struct fact *fence = &f->v[at];
	const char *names[8];
	char buf[512];
	unsigned defs[8], n, k, d, nd;

	memset(out, 0, sizeof(*out));
	out->comment = fence->pairs;
	if (!fence->pairs || fence->op != FO_FENCE)
		return NAMED_OK;
	if (fence->cls == OC_CBAR) {
		/*
		 * a barrier that orders what is read through a pointer after
		 * the pointer (smp_read_barrier_depends(): an mb on Alpha, a
		 * consume fence under TSan) pairs with a CPU barrier as its
		 * comment says (QEMU's qemu_co_mutex_wake(): "pairs with
		 * smp_wmb() in qemu_coroutine_enter()")
		 */
		if (read_depends(fence, f->dialect))
			return NAMED_OK;
		if ((out->cpu_fix = names_cpu_barrier(fence->pairs)))
			out->problem = NAMED_COMPILER_ONLY;
		return out->problem;
	}
	if (!cpu_ordering(fence->cls) ||
	    (fence->flags & (F_MANDATORY | F_DMA | F_SIGNAL)))
		return NAMED_OK;
	n = named_functions(fence->pairs, names, 8, buf, sizeof(buf));
	for (k = 0; k < n; k++) {
		const struct fact *x = NULL;

		if (!strcmp(names[k], f->name))
			continue;
		nd = definitions(set, sums, names[k], f, defs, 8);
		for (d = 0; d < nd; d++) {
			const struct fact_fn *g = &set->fns[defs[d]];

			if (orders(set, sums, g, 0) ||
			    !(x = missing_at(g, f, at)))
				break;
		}
		if (!nd || d < nd)
			continue;
		out->problem = NAMED_PARTNER_UNORDERED;
		out->pfn = defs[nd - 1];
		out->at = x;
		strncpy(out->buf, names[k], sizeof(out->buf) - 1);
		out->partner = out->buf;
		return out->problem;
	}
	return NAMED_OK;
}
