// SPDX-License-Identifier: GPL-2.0
/*
 * Litmus tests for pairing findings. Each access is spelled with the
 * primitive the code uses (plain, READ_ONCE(), smp_load_acquire(), ...), as
 * tools/memory-model/linux-kernel.def names them, or with the C11 atomics
 * for _Atomic code; the exists clause is the outcome the finding says the
 * code allows.
 */
#include "litmus.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../events/keys.h"
#include "../vocab/vocab.h"

const char *litmus_key_text(const char *key, char *buf, unsigned n)
{
	int len;
	const char *s = key ? keys_shown(key, KEYS_NAME, &len) : "?";

	snprintf(buf, n, "%.*s", key ? len : 1, s);
	return buf;
}

/* A C identifier from a key: "foo.bar" -> "foo_bar". */
static void var_name(const char *key, char *buf, unsigned n)
{
	char *c;

	litmus_key_text(key, buf, n);
	for (c = buf; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || *c == '_'))
			*c = '_';
	if (!buf[0] || (buf[0] >= '0' && buf[0] <= '9')) {
		char tmp[256];

		snprintf(tmp, sizeof(tmp), "v_%.200s", buf);
		snprintf(buf, n, "%.*s", (int)n - 1, tmp);
	}
}

struct test {
	struct strbuf b;
	size_t decls; /* where the current process declares its registers */
	bool scratch; /* it stores through an RMW: needs "int r9;" */
	bool c11;
	const char *va, *vb; /* the two variables */
	bool ptr; /* b holds a pointer to a (publish/dereference) */
	bool pa; /* a holds a pointer to b (LB: P0's address dependency) */
	int lock; /* the process's accesses each in a critical section of
		   * lock s<n-1> (an unlock and a lock between): n, else 0 */
	bool lock_pending; /* its first access is still to come */
};

static const char *c11_order(const struct fact *f, bool store)
{
	if (f->flags & F_SEQ_CST)
		return "memory_order_seq_cst";
	switch (f->cls) {
	case OC_ACQ_LOAD:
	case OC_RMW_ACQ:
		return "memory_order_acquire";
	case OC_REL_STORE:
	case OC_PUBLISH:
	case OC_RMW_REL:
		return "memory_order_release";
	case OC_RMW_ACQREL:
		return "memory_order_acq_rel";
	case OC_RMW_FULL:
	case OC_RMW_SC:
		return "memory_order_seq_cst";
	default:
		(void)store;
		return "memory_order_relaxed";
	}
}

static const char *rmw_name(unsigned cls)
{
	switch (cls) {
	case OC_RMW_ACQ:
		return "xchg_acquire";
	case OC_RMW_REL:
		return "xchg_release";
	case OC_RMW_RLX:
		return "xchg_relaxed";
	default:
		return "xchg";
	}
}

/* The first access of a process in a critical section: its lock first. */
static void lock_first(struct test *t)
{
	if (t->lock_pending)
		sb_printf(&t->b, "\tspin_lock(s%d);\n", t->lock - 1);
	t->lock_pending = false;
}

/* "r = <load of var>;" */
static void put_load(struct test *t, const struct fact *f, const char *var,
		     int reg)
{
	const char *p = "*";

	lock_first(t);
	if (f->op == FO_RMW) {
		if (t->c11)
			sb_printf(
				&t->b,
				"\tr%d = atomic_exchange_explicit(%s, 1, %s);\n",
				reg, var, c11_order(f, false));
		else
			sb_printf(&t->b, "\tr%d = %s(%s, 1);\n", reg,
				  rmw_name(f->cls), var);
	} else if (t->c11) {
		sb_printf(&t->b, "\tr%d = atomic_load_explicit(%s, %s);\n", reg,
			  var, c11_order(f, false));
	} else if (f->cls == OC_ACQ_LOAD) {
		sb_printf(&t->b, "\tr%d = smp_load_acquire(%s);\n", reg, var);
	} else if (f->cls == OC_DEP_LOAD) {
		sb_printf(&t->b, "\tr%d = rcu_dereference(%s%s);\n", reg, p,
			  var);
	} else if (f->flags & FA_MARKED) {
		sb_printf(&t->b, "\tr%d = READ_ONCE(%s%s);\n", reg, p, var);
	} else {
		sb_printf(&t->b, "\tr%d = %s%s;\n", reg, p, var);
	}
}

static void put_store(struct test *t, const struct fact *f, const char *var,
		      const char *value)
{
	lock_first(t);
	if (f->op == FO_RMW) {
		/* xchg() is an expression in linux-kernel.def: keep its value */
		t->scratch = true;
		if (t->c11)
			sb_printf(
				&t->b,
				"\tr9 = atomic_exchange_explicit(%s, %s, %s);\n",
				var, value, c11_order(f, true));
		else
			sb_printf(&t->b, "\tr9 = %s(%s, %s);\n",
				  rmw_name(f->cls), var, value);
	} else if (t->c11) {
		sb_printf(&t->b, "\tatomic_store_explicit(%s, %s, %s);\n", var,
			  value, c11_order(f, true));
	} else if (f->cls == OC_REL_STORE) {
		sb_printf(&t->b, "\tsmp_store_release(%s, %s);\n", var, value);
	} else if (f->cls == OC_PUBLISH) {
		sb_printf(&t->b, "\trcu_assign_pointer(*%s, %s);\n", var,
			  value);
	} else if (f->flags & FA_MARKED) {
		sb_printf(&t->b, "\tWRITE_ONCE(*%s, %s);\n", var, value);
	} else {
		sb_printf(&t->b, "\t*%s = %s;\n", var, value);
	}
}

static const char *c11_fence_order(unsigned cls)
{
	switch (cls) {
	case OC_FENCE_ACQ:
		return "memory_order_acquire";
	case OC_FENCE_REL:
		return "memory_order_release";
	case OC_FENCE_ACQREL:
		return "memory_order_acq_rel";
	default:
		return "memory_order_seq_cst";
	}
}

static const char *lkmm_fence(unsigned cls)
{
	switch (cls) {
	case OC_FENCE_W:
		return "smp_wmb()";
	case OC_FENCE_R:
	case OC_FENCE_ACQ: /* smp_acquire__after_ctrl_dep() is smp_rmb() */
		return "smp_rmb()";
	case OC_MOD_BEFORE:
		return "smp_mb__before_atomic()";
	case OC_MOD_AFTER:
		return "smp_mb__after_atomic()";
	case OC_CBAR:
		return "barrier()";
	default:
		return "smp_mb()";
	}
}

/* What sits between a side's two accesses, if it is a statement of its own. */
static void put_between(struct test *t, const struct litmus_side *s)
{
	const struct fact *by = s->o.by;

	if (by && (by->op == FO_LOCK || by->op == FO_UNLOCK) && t->lock) {
		sb_printf(&t->b, "\tspin_unlock(s%d);\n\tspin_lock(s%d);\n",
			  t->lock - 1, t->lock - 1);
		return;
	}
	if (!by || (s->o.ord != ORD_YES && s->o.ord != ORD_WRONG) ||
	    by == &s->fn->v[s->i] || by == &s->fn->v[s->j] ||
	    by->op == FO_LOCK || by->op == FO_UNLOCK)
		return;
	if (by->op == FO_CALL)
		sb_printf(&t->b, "\t(* %s() orders as a full barrier *)\n",
			  by->name);
	else if (by->op == FO_RMW) {
		sb_printf(&t->b, "\t(* %s() *)\n", by->name);
	}
	if (by->op == FO_FENCE && t->c11)
		sb_printf(&t->b, "\tatomic_thread_fence(%s);\n",
			  c11_fence_order(by->cls));
	else if (by->op == FO_FENCE)
		sb_printf(&t->b, "\t%s;\n", lkmm_fence(by->cls));
	else if (t->c11)
		sb_printf(&t->b,
			  "\tatomic_thread_fence(memory_order_seq_cst);\n");
	else
		sb_printf(&t->b, "\tsmp_mb();\n");
}

/* The name's part for one side, in the LKMM naming's spirit. */
static const char *side_tag(const struct litmus_side *s)
{
	const struct fact *by = s->o.by;

	if (s->o.ord == ORD_NONE || !by)
		return "po";
	if (by->op == FO_FENCE)
		return by->cls == OC_FENCE_W	? "fencewmb" :
		       by->cls == OC_FENCE_R	? "fencermb" :
		       by->cls == OC_FENCE_FULL ? "fencemb" :
						  "fence";
	if (s->o.what && strstr(s->o.what, "address"))
		return "addr";
	if (s->o.what && strstr(s->o.what, "control"))
		return "ctrl";
	if (s->o.what && strstr(s->o.what, "acquire"))
		return "acquire";
	if (s->o.what && strstr(s->o.what, "release"))
		return "release";
	return "fencemb";
}

/* A side ordered by an unlock and a lock between its accesses. */
static bool lock_side(const struct litmus_side *s)
{
	return s->o.by && (s->o.by->op == FO_LOCK || s->o.by->op == FO_UNLOCK);
}

/* A side ordered by an address dependency. */
static bool addr_side(const struct litmus_side *s)
{
	return s->o.ord == ORD_YES && s->o.what && strstr(s->o.what, "address");
}

/* Process @proc's parameters, for side @s. */
static void params(struct test *t, const struct litmus_side *s, int proc)
{
	const char *ty = t->c11 ? "atomic_int" : "int";

	t->lock = !t->c11 && lock_side(s) ? proc + 1 : 0;
	t->lock_pending = t->lock != 0;
	sb_puts(&t->b, "(");
	if (t->lock)
		sb_printf(&t->b, "spinlock_t *s%d, ", proc);
	sb_printf(&t->b, "%s *%s%s, %s *%s%s)\n{\n", ty, t->pa ? "*" : "",
		  t->va, ty, t->ptr ? "*" : "", t->vb);
	t->decls = t->b.len;
	t->scratch = false;
}

/* Close the process: the scratch register, if used, declared first. */
static void end_proc(struct test *t)
{
	static const char decl[] = "\tint r9;\n";
	size_t n = sizeof(decl) - 1;

	if (t->lock)
		sb_printf(&t->b, "\tspin_unlock(s%d);\n", t->lock - 1);
	if (t->scratch) {
		sb_add(&t->b, decl, n); /* grow, then open the gap */
		memmove(t->b.s + t->decls + n, t->b.s + t->decls,
			t->b.len - n - t->decls);
		memcpy(t->b.s + t->decls, decl, n);
	}
	sb_puts(&t->b, "}\n\n");
}

static void header(struct test *t, const char *name, const char *rule,
		   const struct litmus_side *p0, const struct litmus_side *p1)
{
	sb_printf(&t->b,
		  "C %s\n\n(*\n * Result: Sometimes (what ordercheck's "
		  "%s finding says the code allows)\n",
		  name, rule);
	sb_printf(&t->b, " * P0: %s() at %s:%u\n * P1: %s() at %s:%u\n *)\n\n",
		  p0->fn->name, p0->fn->v[p0->i].file, p0->fn->v[p0->i].line,
		  p1->fn->name, p1->fn->v[p1->i].file, p1->fn->v[p1->i].line);
	if (t->ptr || t->pa)
		sb_printf(&t->b, "{\n\t%s=dummy;\n}\n\n",
			  t->ptr ? t->vb : t->va);
	else
		sb_printf(&t->b, "{}\n\n");
}

/* A side ordered by a control dependency: its second access in `if (r0)`. */
static bool ctrl_side(const struct litmus_side *s)
{
	return s->o.ord == ORD_YES && s->o.what && strstr(s->o.what, "control");
}

/* The between and the second access of a load-then-store side. */
static void put_tail_store(struct test *t, const struct litmus_side *s,
			   const char *var, const char *value)
{
	bool ctrl = ctrl_side(s);

	if (ctrl)
		sb_puts(&t->b, "\tif (r0) {\n");
	put_between(t, s);
	put_store(t, &s->fn->v[s->j], var, value);
	if (ctrl)
		sb_puts(&t->b, "\t}\n");
}

static void mp_or_s(struct test *t, enum shape shape,
		    const struct litmus_side *w, const struct litmus_side *r)
{
	const struct fact *r2 = &r->fn->v[r->j];

	sb_puts(&t->b, "P0");
	params(t, w, 0);
	put_store(t, &w->fn->v[w->i], t->va, shape == SHAPE_S ? "2" : "1");
	put_between(t, w);
	put_store(t, &w->fn->v[w->j], t->vb, t->ptr ? t->va : "1");
	end_proc(t);
	sb_puts(&t->b, "P1");
	params(t, r, 1);
	if (t->ptr && shape == SHAPE_S)
		sb_printf(&t->b, "\tint *r0;\n\n");
	else if (t->ptr)
		sb_printf(&t->b, "\tint *r0;\n\tint r1;\n\n");
	else if (shape == SHAPE_MP)
		sb_printf(&t->b, "\tint r0;\n\tint r1;\n\n");
	else
		sb_printf(&t->b, "\tint r0;\n\n");
	put_load(t, &r->fn->v[r->i], t->vb, 0);
	if (shape == SHAPE_S) {
		put_tail_store(t, r, t->ptr ? "r0" : t->va, "1");
		end_proc(t);
		sb_printf(&t->b, "exists (1:r0=%s /\\ %s=2)\n",
			  t->ptr ? t->va : "1", t->va);
		return;
	}
	put_between(t, r);
	if (t->ptr)
		put_load(t, r2, "r0", 1);
	else
		put_load(t, r2, t->va, 1);
	end_proc(t);
	if (shape == SHAPE_S)
		sb_printf(&t->b, "exists (1:r0=1 /\\ %s=2)\n", t->va);
	else if (t->ptr)
		sb_printf(&t->b, "exists (1:r0=%s /\\ 1:r1=0)\n", t->va);
	else
		sb_printf(&t->b, "exists (1:r0=1 /\\ 1:r1=0)\n");
}

static void sb(struct test *t, const struct litmus_side *x,
	       const struct litmus_side *y)
{
	sb_puts(&t->b, "P0");
	params(t, x, 0);
	sb_printf(&t->b, "\tint r0;\n\n");
	put_store(t, &x->fn->v[x->i], t->va, "1");
	put_between(t, x);
	put_load(t, &x->fn->v[x->j], t->vb, 0);
	end_proc(t);
	sb_puts(&t->b, "P1");
	params(t, y, 1);
	sb_printf(&t->b, "\tint r0;\n\n");
	put_store(t, &y->fn->v[y->i], t->vb, "1");
	put_between(t, y);
	put_load(t, &y->fn->v[y->j], t->va, 0);
	end_proc(t);
	sb_puts(&t->b, "exists (0:r0=0 /\\ 1:r0=0)\n");
}

/*
 * LB; where a side's store goes through the pointer its load read, the
 * location it loads holds the address of the other (t->pa: P0's, a holds
 * &b; t->ptr: P1's, b holds &a).
 */
static void lb(struct test *t, const struct litmus_side *x,
	       const struct litmus_side *y)
{
	sb_puts(&t->b, "P0");
	params(t, x, 0);
	sb_printf(&t->b, "\tint %sr0;\n\n", t->pa ? "*" : "");
	put_load(t, &x->fn->v[x->i], t->va, 0);
	put_tail_store(t, x, t->pa ? "r0" : t->vb, t->ptr ? t->va : "1");
	end_proc(t);
	sb_puts(&t->b, "P1");
	params(t, y, 1);
	sb_printf(&t->b, "\tint %sr0;\n\n", t->ptr ? "*" : "");
	put_load(t, &y->fn->v[y->i], t->vb, 0);
	put_tail_store(t, y, t->ptr ? "r0" : t->va, t->pa ? t->vb : "1");
	end_proc(t);
	sb_printf(&t->b, "exists (0:r0=%s /\\ 1:r0=%s)\n", t->pa ? t->vb : "1",
		  t->ptr ? t->va : "1");
}

/* R: P1's store to b is the last, and it reads a=0. */
static void r_shape(struct test *t, const struct litmus_side *w,
		    const struct litmus_side *x)
{
	sb_puts(&t->b, "P0");
	params(t, w, 0);
	put_store(t, &w->fn->v[w->i], t->va, "1");
	put_between(t, w);
	put_store(t, &w->fn->v[w->j], t->vb, "1");
	end_proc(t);
	sb_puts(&t->b, "P1");
	params(t, x, 1);
	sb_printf(&t->b, "\tint r0;\n\n");
	put_store(t, &x->fn->v[x->i], t->vb, "2");
	put_between(t, x);
	put_load(t, &x->fn->v[x->j], t->va, 0);
	end_proc(t);
	sb_printf(&t->b, "exists (%s=2 /\\ 1:r0=0)\n", t->vb);
}

/* 2+2W: each side's first store is the one that lasts. */
static void two_plus_two_w(struct test *t, const struct litmus_side *x,
			   const struct litmus_side *y)
{
	sb_puts(&t->b, "P0");
	params(t, x, 0);
	put_store(t, &x->fn->v[x->i], t->va, "1");
	put_between(t, x);
	put_store(t, &x->fn->v[x->j], t->vb, "2");
	end_proc(t);
	sb_puts(&t->b, "P1");
	params(t, y, 1);
	put_store(t, &y->fn->v[y->i], t->vb, "1");
	put_between(t, y);
	put_store(t, &y->fn->v[y->j], t->va, "2");
	end_proc(t);
	sb_printf(&t->b, "exists (%s=1 /\\ %s=1)\n", t->va, t->vb);
}

/* mkdir -p @dir; 0 or -1 with errno. */
static int make_dirs(const char *dir)
{
	char *p = xstrdup(dir), *c;
	int rc = 0;

	for (c = p + 1; *c && !rc; c++)
		if (*c == '/') {
			*c = '\0';
			if (mkdir(p, 0777) && errno != EEXIST)
				rc = -1;
			*c = '/';
		}
	if (!rc && mkdir(p, 0777) && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

static char *write_test(const char *dir, unsigned n, const char *rule,
			const char *suffix, enum shape shape,
			const struct litmus_side *p0,
			const struct litmus_side *p1)
{
	char va[96], vb[96], name[256], *path;
	struct test t;
	FILE *f;

	memset(&t, 0, sizeof(t));
	var_name(p0->fn->v[p0->i].key, va, sizeof(va));
	var_name(p0->fn->v[p0->j].key, vb, sizeof(vb));
	if (!strcmp(va, vb))
		strncat(vb, "_2", sizeof(vb) - strlen(vb) - 1);
	t.va = va;
	t.vb = vb;
	t.c11 = (p0->fn->v[p0->i].flags & p0->fn->v[p0->j].flags &
		 p1->fn->v[p1->i].flags & FA_C11) != 0;
	t.ptr = !t.c11 && shape != SHAPE_SB && addr_side(p1);
	t.pa = !t.c11 && shape == SHAPE_LB && addr_side(p0) && !t.ptr;
	snprintf(name, sizeof(name), "%s+%s+%s%s", pairing_shape(shape)->litmus,
		 side_tag(p0), side_tag(p1), suffix[0] ? "+fix" : "");
	header(&t, name, rule, p0, p1);
	if (shape == SHAPE_SB)
		sb(&t, p0, p1);
	else if (shape == SHAPE_LB)
		lb(&t, p0, p1);
	else if (shape == SHAPE_R)
		r_shape(&t, p0, p1);
	else if (shape == SHAPE_2P2W)
		two_plus_two_w(&t, p0, p1);
	else
		mp_or_s(&t, shape, p0, p1);
	if (make_dirs(dir)) {
		fprintf(stderr, "ordercheck: %s: %s\n", dir, strerror(errno));
		free(t.b.s);
		return NULL;
	}
	path = xasprintf("%s/%03u-%s%s.litmus", dir, n, rule, suffix);
	f = fopen(path, "w");
	if (!f || fputs(t.b.s, f) < 0 || fclose(f)) {
		fprintf(stderr, "ordercheck: %s: %s\n", path, strerror(errno));
		free(path);
		path = NULL;
	}
	free(t.b.s);
	return path;
}

char *litmus_write(const char *dir, unsigned n, const char *rule,
		   enum shape shape, const struct litmus_side *p0,
		   const struct litmus_side *p1)
{
	return write_test(dir, n, rule, "", shape, p0, p1);
}

/* A side rewritten to another kind: its own copy of the two accesses. */
struct fixed_side {
	struct fact_fn fn;
	struct fact v[3]; /* the first access, a fence, the second */
	struct litmus_side s;
};

/*
 * @s made of @kind (verdicts.def's word): an acquire or release access, a
 * fence between, seq_cst accesses. False for a kind it cannot write.
 */
static bool refit(const struct litmus_side *s, const char *kind,
		  struct fixed_side *f)
{
	/* a store then a load (SB, R's P1): the load is the second */
	bool wr = s->fn->v[s->i].op != FO_LOAD && s->fn->v[s->j].op == FO_LOAD;
	struct fact *x = &f->v[0], *fence = &f->v[1], *y = &f->v[2];
	struct fact *load = wr ? y : x, *store = wr ? x : y;
	static const struct {
		const char *kind, *name;
		unsigned cls;
	} fences[] = {
		{ "WMB", "smp_wmb", OC_FENCE_W },
		{ "RMB", "smp_rmb", OC_FENCE_R },
		{ "MB", "smp_mb", OC_FENCE_FULL },
		{ "FENCE_ACQ", "atomic_thread_fence", OC_FENCE_ACQ },
		{ "FENCE_REL", "atomic_thread_fence", OC_FENCE_REL },
		{ "FENCE_ACQ_REL", "atomic_thread_fence", OC_FENCE_ACQREL },
		{ "FENCE_SC", "atomic_thread_fence", OC_FENCE_FULL },
	};
	unsigned k;

	f->fn = *s->fn;
	f->fn.v = f->v;
	f->fn.n = 3;
	f->fn.via = NULL;
	*x = s->fn->v[s->i];
	*y = s->fn->v[s->j];
	memset(fence, 0, sizeof(*fence));
	fence->op = FO_FENCE;
	fence->key = "";
	fence->file = x->file;
	fence->line = x->line;
	fence->adep = fence->cdep = fence->leg = -1;
	f->s.fn = &f->fn;
	f->s.i = 0;
	f->s.j = 2;
	f->s.o.ord = ORD_YES;
	for (k = 0; k < sizeof(fences) / sizeof(fences[0]); k++)
		if (!strcmp(kind, fences[k].kind)) {
			fence->cls = (unsigned char)fences[k].cls;
			fence->name = fences[k].name;
			f->s.o.by = fence;
			f->s.o.what = fences[k].name;
			return true;
		}
	if (!strcmp(kind, "ACQUIRE") || !strcmp(kind, "ACQ")) {
		load->cls = load->op == FO_RMW ? OC_RMW_ACQ : OC_ACQ_LOAD;
		load->flags |= FA_MARKED;
		f->s.o.by = load;
		f->s.o.what = "an acquire";
		return true;
	}
	if (!strcmp(kind, "RELEASE") || !strcmp(kind, "REL")) {
		store->cls = store->op == FO_RMW ? OC_RMW_REL : OC_REL_STORE;
		store->flags |= FA_MARKED;
		f->s.o.by = store;
		f->s.o.what = "a release";
		return true;
	}
	if (!strcmp(kind, "SC")) {
		x->flags |= F_SEQ_CST;
		y->flags |= F_SEQ_CST;
		f->s.o.by = y;
		f->s.o.what = "two seq_cst accesses";
		return true;
	}
	return false;
}

char *litmus_write_fix(const char *dir, unsigned n, const char *rule,
		       enum shape shape, const struct litmus_side *p0,
		       const struct litmus_side *p1, const char *const kind[2],
		       const char *const fix[2])
{
	struct fixed_side f[2];
	const struct litmus_side *in[2] = { p0, p1 }, *out[2] = { p0, p1 };
	unsigned k;

	for (k = 0; k < 2; k++) {
		if (!strcmp(kind[k], fix[k]))
			continue;
		if (!refit(in[k], fix[k], &f[k])) {
			fprintf(stderr,
				"ordercheck: no litmus test of the fix %s\n",
				fix[k]);
			return NULL;
		}
		out[k] = &f[k].s;
	}
	return write_test(dir, n, rule, "-fix", shape, out[0], out[1]);
}

/*
 * tools/memory-model of the kernel tree @file is in: the nearest parent
 * directory that has tools/memory-model/linux-kernel.cfg (malloc), or NULL.
 */
static char *model_dir_of(const char *file)
{
	char abs[PATH_MAX], *p, *dir;
	struct stat st;

	if (!file || !realpath(file, abs))
		return NULL;
	while ((p = strrchr(abs, '/'))) {
		*p = '\0';
		dir = xasprintf("%s/tools/memory-model", abs[0] ? abs : "");
		p = xasprintf("%s/linux-kernel.cfg", dir);
		if (!stat(p, &st)) {
			free(p);
			return dir;
		}
		free(p);
		free(dir);
	}
	return NULL;
}

/* Whether an executable @name is in a directory of $PATH. */
static bool on_path(const char *name)
{
	const char *path = getenv("PATH"), *p, *end;
	bool found = false;

	for (p = path ? path : ""; *p && !found; p = *end ? end + 1 : end) {
		char *full;

		end = strchrnul(p, ':');
		full = xasprintf("%.*s/%s", (int)(end - p), p, name);
		found = !access(full, X_OK);
		free(full);
	}
	return found;
}

/*
 * What herd7 needs for the kernel's model, in the directory it runs in:
 * linux-kernel.cfg names the .def, .bell and .cat, and the .cat includes
 * lock.cat (Linux 6.1's tools/memory-model).
 */
static const char *const lkmm_files[] = {
	"linux-kernel.cfg", "linux-kernel.def", "linux-kernel.bell",
	"linux-kernel.cat", "lock.cat",
};

/*
 * Why herd7 cannot give a verdict in @dir before it runs: not on PATH, or
 * a model file missing, named with the path looked at (malloc); NULL if
 * nothing is missing.
 */
static char *herd_missing(const char *dir, bool c11)
{
	char *abs, *why = NULL;
	struct stat st;
	unsigned i;

	if (!on_path("herd7"))
		return xstrdup("herd7 is not on PATH (scripts/install-deps.sh "
			       "builds it into /opt/herd7/bin)");
	if (c11) /* rc11.cat is in herd7's own library */
		return NULL;
	abs = path_absolute(dir);
	for (i = 0; i < sizeof(lkmm_files) / sizeof(lkmm_files[0]) && !why;
	     i++) {
		char *f = xasprintf("%s/%s", abs, lkmm_files[i]);

		if (stat(f, &st))
			why = xasprintf("the kernel's memory model is missing: "
					"no %s in %s (--herd-dir DIR names "
					"the kernel's tools/memory-model)",
					lkmm_files[i], abs);
		free(f);
	}
	free(abs);
	return why;
}

char *litmus_herd(const char *path, const char *herd_dir, bool c11, char **why)
{
	char abs[PATH_MAX], *out, *line, *verdict = NULL;
	const char *dir = herd_dir ? herd_dir : "tools/memory-model";
	char *lkmm[] = { "herd7", "-conf", "linux-kernel.cfg", abs, NULL };
	char *plain[] = { "herd7", "-model", "rc11.cat", abs, NULL };
	int status;

	*why = NULL;
	if (!realpath(path, abs)) {
		*why = xasprintf("%s: %s", path, strerror(errno));
		return NULL;
	}
	if ((*why = herd_missing(dir, c11)))
		return NULL;
	out = run_capture(c11 ? plain : lkmm, c11 ? NULL : dir, true, &status);
	if (!out) {
		*why = xstrdup("herd7 could not be started");
		return NULL;
	}
	/* "Observation NAME Sometimes 1 3" */
	for (line = strstr(out, "Observation "); line && !verdict;
	     line = strstr(line + 1, "Observation ")) {
		char name[256], v[32];

		if (sscanf(line, "Observation %255s %31s", name, v) == 2)
			verdict = xstrdup(v);
	}
	/* "herd7: Cannot find file rc11.cat": a model file it looked for */
	if (!verdict && (line = strstr(out, "Cannot find file ")))
		*why = xasprintf("herd7 cannot find %.*s",
				 (int)strcspn(line + 17, "\n"), line + 17);
	else if (!verdict)
		*why = xasprintf("herd7 said no Observation (exit status %d)",
				 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	free(out);
	return verdict;
}

void litmus_findings_add(struct litmus_findings *l,
			 const struct litmus_finding *f)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = *f;
}

void litmus_findings_free(struct litmus_findings *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static bool c11_side(const struct litmus_side *s)
{
	return (s->fn->v[s->i].flags & s->fn->v[s->j].flags & FA_C11) != 0;
}

/* A note on the finding, at the test's first line. */
static void note(struct oc_diag *d, const char *path, char *msg)
{
	diag_add_note(d, path, 1, 1, msg);
	free(msg);
}

/* herd7's word as the finding's notes say it. */
static const char *verdict_text(const char *v)
{
	if (!v)
		return "no verdict";
	return !strcmp(v, "Never") ? "forbidden" : "allowed";
}

void litmus_emit(const struct litmus_findings *l, const struct litmus_opts *o,
		 struct diag_list *diags)
{
	unsigned i;

	for (i = 0; o->dir && i < l->n; i++) {
		const struct litmus_finding *f = &l->v[i];
		struct oc_diag *d = &diags->v[f->diag];
		char *path, *fix = NULL, *verdict, *fixed = NULL, *dir = NULL;
		char *why = NULL, *why_fixed = NULL;
		bool c11 = c11_side(&f->p0) && c11_side(&f->p1);

		path = litmus_write(o->dir, i + 1, f->rule, f->shape, &f->p0,
				    &f->p1);
		if (!path)
			continue;
		note(d, path, xasprintf("litmus test: %s", path));
		if (f->fix[0] && f->kind[0])
			fix = litmus_write_fix(o->dir, i + 1, f->rule, f->shape,
					       &f->p0, &f->p1, f->kind, f->fix);
		if (fix)
			note(d, fix,
			     xasprintf("litmus test of the fix: %s", fix));
		if (o->herd) {
			if (!o->herd_dir && !c11)
				dir = model_dir_of(f->p0.fn->v[f->p0.i].file);
			verdict = litmus_herd(path,
					      o->herd_dir ? o->herd_dir : dir,
					      c11, &why);
			if (fix && verdict)
				fixed = litmus_herd(
					fix, o->herd_dir ? o->herd_dir : dir,
					c11, &why_fixed);
			if (!verdict)
				note(d, path,
				     xasprintf("herd7 gave no verdict: %s",
					       why));
			else if (fix)
				note(d, path,
				     xasprintf("herd7 (%s): the outcome is %s; "
					       "with the fix: %s",
					       c11 ? "RC11" : "LKMM",
					       verdict_text(verdict),
					       verdict_text(fixed)));
			else
				note(d, path,
				     xasprintf("herd7 (%s): the outcome is %s",
					       c11 ? "RC11" : "LKMM",
					       verdict_text(verdict)));
			free(verdict);
			free(fixed);
			free(dir);
			free(why);
			free(why_fixed);
			why = why_fixed = NULL;
		}
		free(path);
		free(fix);
	}
}
