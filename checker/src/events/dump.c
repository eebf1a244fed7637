// SPDX-License-Identifier: GPL-2.0
/* --dump-ir: the events as rules see them, the first look when one misfires. */
#include "events.h"

static const char *const type_names[] = {
	[EV_ACCESS] = "access", [EV_FENCE] = "fence", [EV_MODIFIER] = "modifier",
	[EV_LOCK] = "lock",	[EV_MARKER] = "marker", [EV_BRANCH] = "branch",
	[EV_LOOP] = "loop",	[EV_CALL] = "call",	[EV_JUMP] = "jump",
	[EV_LABEL] = "label",
};

static const char *const kind_names[] = {
	[K_LOAD] = "load",	   [K_STORE] = "store", [K_RMW] = "rmw",
	[K_FENCE] = "fence",	   [K_MODIFIER] = "modifier",
	[K_LOCK] = "lock",	   [K_UNLOCK] = "unlock",
	[K_MARKER] = "marker",
};

/* What a primitive does beside its access: sleeps, wakes, fences of its own. */
static const struct {
	unsigned bit;
	bool role; /* an R_* of the row, else an F_* of the event */
	const char *name;
} extras[] = {
	{ R_WAIT, true, "wait" },
	{ R_WAKE, true, "wake" },
	{ F_WAKE, false, "if-it-wakes" },
	{ F_LOCAL_CPU, false, "this-cpu" },
	{ F_FULL_BEFORE, false, "fence-full-before" },
	{ F_RMB_BEFORE, false, "fence-r-before" },
	{ F_FULL_AFTER, false, "fence-full-after" },
	{ F_WMB_AFTER, false, "fence-w-after" },
};

static void dump_extras(FILE *out, const struct event *e)
{
	unsigned i;

	for (i = 0; i < sizeof(extras) / sizeof(extras[0]); i++)
		if (extras[i].role ? events_has_role(e, extras[i].bit) :
				     (e->flags & extras[i].bit) != 0)
			fprintf(out, " %s", extras[i].name);
}

const char *events_type_name(enum ev_type t)
{
	return type_names[t];
}

static void dump_list(FILE *out, const struct evlist *l, int depth)
{
	unsigned i, j;
	const struct event *e;

	evlist_for_each(l, i, e) {
		fprintf(out, "%*s%u:%u %s %s", depth * 2 + 2, "", e->span.line,
			e->span.col, type_names[e->type], e->name ? e->name : "");
		if (e->type == EV_ACCESS || e->type == EV_CALL ||
		    e->type == EV_FENCE || e->type == EV_MODIFIER ||
		    e->type == EV_LOCK) {
			if (e->prim || e->type == EV_ACCESS)
				fprintf(out, " %s %s", kind_names[e->kind],
					vocab_class_name(e->cls));
			if (e->order != MO_UNKNOWN)
				fprintf(out, " order=%s",
					vocab_order_name(e->order));
			if (e->order_fail != MO_UNKNOWN)
				fprintf(out, " fail=%s",
					vocab_order_name(e->order_fail));
		}
		if (e->key)
			fprintf(out, " key=%s", e->key);
		if (e->flags & F_RET)
			fputs(" returns", out);
		if (e->flags & F_COND)
			fputs(" conditional", out);
		if (e->flags & EVF_IN_COND)
			fputs(" in-condition", out);
		dump_extras(out, e);
		if (e->fixable)
			fputs(" fixable", out);
		if (e->value_text)
			fprintf(out, " value=\"%s\"", e->value_text);
		if (e->bit)
			fprintf(out, " bit=%s", e->bit);
		for (j = 0; j < e->ndeps; j++)
			fprintf(out, " dep=%u:%u", e->deps[j]->span.line,
				e->deps[j]->span.col);
		for (j = 0; j < e->nadeps; j++)
			fprintf(out, " addr=%u:%u", e->adeps[j]->span.line,
				e->adeps[j]->span.col);
		if (e->addr_how & AH_CANCEL)
			fprintf(out, " cancels(%s)", e->addr_why);
		if (e->addr_how & AH_REL)
			fprintf(out, " truth-value(%s)", e->addr_why);
		if (e->flags & EVF_POINTER)
			fputs(" pointer", out);
		if (e->cmp)
			fprintf(out, " compare %s %s %s", e->cmp->lhs_text,
				e->cmp->equal_leg ? "!=" : "==",
				e->cmp->rhs_text);
		if (e->folds >= 0)
			fprintf(out, " folds=%d (%s)", e->folds,
				e->fold_reason ? e->fold_reason : "constant");
		fputc('\n', out);
		for (j = 0; j < e->nlegs; j++) {
			fprintf(out, "%*sleg %u:\n", depth * 2 + 4, "", j);
			dump_list(out, &e->legs[j], depth + 2);
		}
	}
}

void events_dump(FILE *out, const struct function_ir *fn)
{
	fprintf(out, "function %s at %s:%u%s\n", fn->name, fn->span.file,
		fn->span.line, fn->in_header ? " (header)" : "");
	dump_list(out, &fn->body, 0);
}
