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
#include <unistd.h>

#include "../events/keys.h"
#include "../vocab.h"

const char *litmus_key_text(const char *key, char *buf, unsigned n)
{
	int len;
	const char *s = keys_shown(key, KEYS_NAME, &len);

	snprintf(buf, n, "%.*s", len, s);
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

/* "r = <load of var>;" */
static void put_load(struct test *t, const struct fact *f, const char *var,
		     int reg)
{
	const char *p = "*";

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

	if (!by || (s->o.ord != ORD_YES && s->o.ord != ORD_WRONG) ||
	    by == &s->fn->v[s->i] || by == &s->fn->v[s->j])
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

static void params(struct test *t)
{
	const char *ty = t->c11 ? "atomic_int" : "int";

	sb_printf(&t->b, "(%s *%s, %s *%s%s)\n{\n", ty, t->va, ty,
		  t->ptr ? "*" : "", t->vb);
	t->decls = t->b.len;
	t->scratch = false;
}

/* Close the process: the scratch register, if used, declared first. */
static void end_proc(struct test *t)
{
	static const char decl[] = "\tint r9;\n";
	size_t n = sizeof(decl) - 1;

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
	if (t->ptr)
		sb_printf(&t->b, "{\n\t%s=dummy;\n}\n\n", t->vb);
	else
		sb_printf(&t->b, "{}\n\n");
}

static void mp_or_s(struct test *t, enum shape shape,
		    const struct litmus_side *w, const struct litmus_side *r)
{
	const struct fact *r2 = &r->fn->v[r->j];

	sb_puts(&t->b, "P0");
	params(t);
	put_store(t, &w->fn->v[w->i], t->va, shape == SHAPE_S ? "2" : "1");
	put_between(t, w);
	put_store(t, &w->fn->v[w->j], t->vb, t->ptr ? t->va : "1");
	end_proc(t);
	sb_puts(&t->b, "P1");
	params(t);
	if (t->ptr)
		sb_printf(&t->b, "\tint *r0;\n\tint r1;\n\n");
	else if (shape == SHAPE_MP)
		sb_printf(&t->b, "\tint r0;\n\tint r1;\n\n");
	else
		sb_printf(&t->b, "\tint r0;\n\n");
	put_load(t, &r->fn->v[r->i], t->vb, 0);
	put_between(t, r);
	if (shape == SHAPE_S)
		put_store(t, r2, t->va, "1");
	else if (t->ptr)
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
	params(t);
	sb_printf(&t->b, "\tint r0;\n\n");
	put_store(t, &x->fn->v[x->i], t->va, "1");
	put_between(t, x);
	put_load(t, &x->fn->v[x->j], t->vb, 0);
	end_proc(t);
	sb_puts(&t->b, "P1");
	params(t);
	sb_printf(&t->b, "\tint r0;\n\n");
	put_store(t, &y->fn->v[y->i], t->vb, "1");
	put_between(t, y);
	put_load(t, &y->fn->v[y->j], t->va, 0);
	end_proc(t);
	sb_puts(&t->b, "exists (0:r0=0 /\\ 1:r0=0)\n");
}

static void lb(struct test *t, const struct litmus_side *x,
	       const struct litmus_side *y)
{
	sb_puts(&t->b, "P0");
	params(t);
	sb_printf(&t->b, "\tint r0;\n\n");
	put_load(t, &x->fn->v[x->i], t->va, 0);
	put_between(t, x);
	put_store(t, &x->fn->v[x->j], t->vb, "1");
	end_proc(t);
	sb_puts(&t->b, "P1");
	params(t);
	sb_printf(&t->b, "\tint r0;\n\n");
	put_load(t, &y->fn->v[y->i], t->vb, 0);
	put_between(t, y);
	put_store(t, &y->fn->v[y->j], t->va, "1");
	end_proc(t);
	sb_puts(&t->b, "exists (0:r0=1 /\\ 1:r0=1)\n");
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

char *litmus_write(const char *dir, unsigned n, const char *rule,
		   enum shape shape, const struct litmus_side *p0,
		   const struct litmus_side *p1)
{
	static const char *const shape_names[] = { "MP", "S", "SB", "LB" };
	char va[96], vb[96], name[256], *path;
	struct test t = { { 0 }, 0, false, false, NULL, NULL, false };
	FILE *f;

	var_name(p0->fn->v[p0->i].key, va, sizeof(va));
	var_name(p0->fn->v[p0->j].key, vb, sizeof(vb));
	if (!strcmp(va, vb))
		strncat(vb, "_2", sizeof(vb) - strlen(vb) - 1);
	t.va = va;
	t.vb = vb;
	t.c11 = (p0->fn->v[p0->i].flags & p0->fn->v[p0->j].flags &
		 p1->fn->v[p1->i].flags & FA_C11) != 0;
	t.ptr = !t.c11 && shape == SHAPE_MP && p1->o.ord == ORD_YES &&
		p1->o.what && strstr(p1->o.what, "address");
	snprintf(name, sizeof(name), "%s+%s+%s", shape_names[shape],
		 side_tag(p0), side_tag(p1));
	header(&t, name, rule, p0, p1);
	if (shape == SHAPE_SB)
		sb(&t, p0, p1);
	else if (shape == SHAPE_LB)
		lb(&t, p0, p1);
	else
		mp_or_s(&t, shape, p0, p1);
	if (make_dirs(dir)) {
		fprintf(stderr, "ordercheck: %s: %s\n", dir, strerror(errno));
		free(t.b.s);
		return NULL;
	}
	path = xasprintf("%s/%03u-%s.litmus", dir, n, rule);
	f = fopen(path, "w");
	if (!f || fputs(t.b.s, f) < 0 || fclose(f)) {
		fprintf(stderr, "ordercheck: %s: %s\n", path, strerror(errno));
		free(path);
		path = NULL;
	}
	free(t.b.s);
	return path;
}

char *litmus_herd(const char *path, const char *herd_dir, bool c11)
{
	char abs[PATH_MAX], *out, *line, *verdict = NULL;
	const char *dir = herd_dir ? herd_dir : "tools/memory-model";
	char *lkmm[] = { "herd7", "-conf", "linux-kernel.cfg", abs, NULL };
	char *plain[] = { "herd7", abs, NULL };
	int status;

	if (!realpath(path, abs))
		return NULL;
	out = run_capture(c11 ? plain : lkmm, c11 ? NULL : dir, false, &status);
	if (!out)
		return NULL;
	/* "Observation NAME Sometimes 1 3" */
	for (line = strstr(out, "Observation "); line && !verdict;
	     line = strstr(line + 1, "Observation ")) {
		char name[256], v[32];

		if (sscanf(line, "Observation %255s %31s", name, v) == 2)
			verdict = xstrdup(v);
	}
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

void litmus_emit(const struct litmus_findings *l, const struct litmus_opts *o,
		 struct diag_list *diags)
{
	unsigned i;

	for (i = 0; o->dir && i < l->n; i++) {
		const struct litmus_finding *f = &l->v[i];
		struct oc_diag *d = &diags->v[f->diag];
		char *path, *verdict;

		path = litmus_write(o->dir, i + 1, f->rule, f->shape, &f->p0,
				    &f->p1);
		if (!path)
			continue;
		note(d, path, xasprintf("litmus test: %s", path));
		if (o->herd) {
			verdict = litmus_herd(path, o->herd_dir,
					      c11_side(&f->p0) &&
						      c11_side(&f->p1));
			note(d, path,
			     verdict ? xasprintf("herd7 says: %s", verdict) :
				       xstrdup("herd7 gave no verdict (not on "
					       "PATH?)"));
			free(verdict);
		}
		free(path);
	}
}
