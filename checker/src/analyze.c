// SPDX-License-Identifier: GPL-2.0
/* One translation unit: build its events, run the rules, collect findings. */
#include "analyze.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pairs/facts.h"
#include "rules/registry.h"
#include "util.h"

struct key_fact {
	const char *key;
	bool marked, acq_rel;
	unsigned nplain, nmarked;
	struct publisher pub; /* .how is NULL if nothing publishes it */
};

struct rule_ctx {
	CXTranslationUnit tu;
	const struct tu_ir *ir;
	struct diag_list *out;
	struct key_fact *keys;
	unsigned nkeys;
	struct writer_order *orders;
	unsigned norders;
};

static struct key_fact *key_fact(struct rule_ctx *ctx, const char *key,
				 bool add)
{
	unsigned i;

	for (i = 0; i < ctx->nkeys; i++)
		if (!strcmp(ctx->keys[i].key, key))
			return &ctx->keys[i];
	if (!add)
		return NULL;
	ctx->keys = xrealloc(ctx->keys, (ctx->nkeys + 1) * sizeof(*ctx->keys));
	memset(&ctx->keys[ctx->nkeys], 0, sizeof(ctx->keys[0]));
	ctx->keys[ctx->nkeys].key = key;
	return &ctx->keys[ctx->nkeys++];
}

static bool is_acq_rel(const struct event *e)
{
	switch (e->cls) {
	case OC_ACQ_LOAD:
	case OC_REL_STORE:
	case OC_PUBLISH:
	case OC_RMW_ACQ:
	case OC_RMW_REL:
	case OC_RMW_ACQREL:
	case OC_RMW_FULL:
	case OC_RMW_SC:
		return true;
	default:
		return false;
	}
}

static void add_order(struct rule_ctx *ctx, const char *first,
		      const char *then, const struct event *how,
		      const char *fn)
{
	struct writer_order *w;

	if (!strcmp(first, then) || rule_tu_writer_order(ctx, first, then))
		return;
	ctx->orders = xrealloc(ctx->orders,
			       (ctx->norders + 1) * sizeof(*ctx->orders));
	w = &ctx->orders[ctx->norders++];
	w->first = first;
	w->then = then;
	w->how = how;
	w->function = fn;
}

struct fact_walk {
	struct rule_ctx *ctx;
	const struct function_ir *fn;
};

/*
 * A store that publishes what is at its location to readers: one that
 * orders the stores before it (rcu_assign_pointer(), a release), or a
 * marked store after smp_wmb() (or wmb()) in the same list.
 */
static void note_publisher(struct fact_walk *w, const struct event *e,
			   const struct event *fence)
{
	struct key_fact *k = key_fact(w->ctx, e->key, true);
	static char how[96];

	if (k->pub.how || e->kind != K_STORE)
		return;
	if (e->cls == OC_PUBLISH || e->cls == OC_REL_STORE) {
		snprintf(how, sizeof(how), "%s()", e->name);
		k->pub.how = xstrdup(how);
	} else if (fence && fence->cls == OC_FENCE_W && e->prim) {
		/* smp_wmb(); WRITE_ONCE(): a full barrier or a side-effect
		 * one (synchronize_rcu(), wake_up()) before a store is not
		 * how pointers are published */
		snprintf(how, sizeof(how), "%s() after %s()", e->name,
			 fence->name);
		k->pub.how = xstrdup(how);
	} else {
		return;
	}
	k->pub.at = e;
	k->pub.fence = e->cls == OC_PUBLISH || e->cls == OC_REL_STORE ? NULL :
									 fence;
	k->pub.function = w->fn->name;
}

/*
 * Per list: stores seen so far, and which of them a write-ordering fence
 * came after; a later marked store is ordered after those.
 */
static void facts_list(const struct evlist *l, void *arg)
{
	struct fact_walk *w = arg;
	const struct event *e, *stores[64], *fence = NULL;
	unsigned i, j, n = 0, fenced = 0;

	evlist_for_each(l, i, e) {
		if (e->type == EV_ACCESS && events_shared_key(e->key)) {
			struct key_fact *k = key_fact(w->ctx, e->key, true);

			k->marked |= events_is_marked(e);
			k->acq_rel |= is_acq_rel(e);
			if (events_is_marked(e))
				k->nmarked++;
			else
				k->nplain++;
		}
		if (e->type == EV_FENCE &&
		    (vocab_fence_mask(e->cls, e->flags) & VO_WW)) {
			fence = e;
			fenced = n;
			continue;
		}
		if (e->type != EV_ACCESS || e->kind == K_LOAD ||
		    !events_shared_key(e->key))
			continue;
		note_publisher(w, e, fence);
		if (events_is_marked(e)) {
			bool rel = e->cls == OC_REL_STORE || e->cls == OC_PUBLISH;

			for (j = 0; j < (rel ? n : fenced); j++)
				add_order(w->ctx, stores[j]->key, e->key,
					  rel ? e : fence, w->fn->name);
		}
		if (n < 64)
			stores[n++] = e;
	}
}

static void collect_facts(struct rule_ctx *ctx, const struct tu_ir *ir)
{
	unsigned i;

	for (i = 0; i < ir->nfns; i++) {
		struct fact_walk w = { ctx, ir->fns[i] };

		events_for_each_list(ir->fns[i], facts_list, &w);
	}
}

bool rule_tu_marked(struct rule_ctx *ctx, const char *key)
{
	struct key_fact *k = events_shared_key(key) ? key_fact(ctx, key, false) : NULL;

	return k && k->marked;
}

bool rule_tu_only_plain(struct rule_ctx *ctx, const char *key)
{
	struct key_fact *k = events_shared_key(key) ? key_fact(ctx, key, false) : NULL;

	return k && k->nplain == 1 && k->nmarked;
}

const struct publisher *rule_tu_publisher(struct rule_ctx *ctx,
					  const char *key)
{
	struct key_fact *k = events_shared_key(key) ? key_fact(ctx, key, false) : NULL;

	return k && k->pub.how ? &k->pub : NULL;
}

bool rule_tu_acq_rel(struct rule_ctx *ctx, const char *key)
{
	struct key_fact *k = events_shared_key(key) ? key_fact(ctx, key, false) : NULL;

	return k && k->acq_rel;
}

const struct writer_order *rule_tu_writer_order(struct rule_ctx *ctx,
						const char *first,
						const char *then)
{
	unsigned i;

	for (i = 0; i < ctx->norders; i++)
		if (!strcmp(ctx->orders[i].first, first) &&
		    !strcmp(ctx->orders[i].then, then))
			return &ctx->orders[i];
	return NULL;
}

struct oc_diag *rule_report(struct rule_ctx *ctx, const struct rule *self,
			    const struct function_ir *fn, const struct event *at,
			    const char *fmt, ...)
{
	va_list ap;
	char *msg;
	struct oc_diag *d;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	d = diag_add(ctx->out, self->id, self->sev, at->span.file, at->span.line,
		     at->span.col, fn->name, msg);
	d->fix_safe = self->fix == FIX_SAFE;
	free(msg);
	return d;
}

void rule_note(struct oc_diag *d, const struct event *at, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_add_note(d, at->span.file, at->span.line, at->span.col, msg);
	free(msg);
}

static const char *contents(struct rule_ctx *ctx, const char *display,
			    size_t *len)
{
	return events_file_text(ctx->ir, display, len);
}

const char *rule_source_text(struct rule_ctx *ctx, const struct event *e,
			     char *buf, size_t n)
{
	size_t len, i, k = 0;
	const char *t = contents(ctx, e->span.file, &len);

	if (!t || e->span.end_off > len || e->span.end_off <= e->span.off ||
	    !n)
		return NULL;
	/* whitespace runs fold to one space, as the user reads it */
	for (i = e->span.off; i < e->span.end_off && k + 1 < n; i++) {
		char c = t[i] == '\n' || t[i] == '\t' ? ' ' : t[i];

		if (c == ' ' && k && buf[k - 1] == ' ')
			continue;
		buf[k++] = c;
	}
	buf[k] = '\0';
	return buf;
}

void rule_note_span(struct oc_diag *d, const struct src_span *at,
		    const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (!at->file)
		return;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_add_note(d, at->file, at->line, at->col, msg);
	free(msg);
}

static bool has_word(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i;

	for (i = 0; i + k <= n; i++)
		if (!strncasecmp(s + i, w, k))
			return true;
	return false;
}

/*
 * The comment text in buf[start, end): after //, between slash-star and
 * star-slash, and on the lines of a block comment that begin with '*'.
 */
static bool comments_mention(const char *buf, size_t start, size_t end,
			     const char *const *words, unsigned nwords)
{
	size_t i = start, ls, j;
	unsigned w;

	while (i < end) {
		const char *c = NULL;
		size_t le = i;

		while (le < end && buf[le] != '\n')
			le++;
		for (ls = i; ls < le && (buf[ls] == ' ' || buf[ls] == '\t');
		     ls++)
			;
		if (ls < le && buf[ls] == '*')
			c = buf + ls;
		for (j = i; !c && j + 1 < le; j++)
			if (buf[j] == '/' && (buf[j + 1] == '/' || buf[j + 1] == '*'))
				c = buf + j;
		for (w = 0; c && w < nwords; w++)
			if (has_word(c, (size_t)(buf + le - c), words[w]))
				return true;
		i = le + 1;
	}
	return false;
}

bool rule_comment_mentions(struct rule_ctx *ctx, const struct event *at,
			   unsigned above, const char *const *words,
			   unsigned nwords)
{
	size_t len, start, end;
	const char *buf = contents(ctx, at->span.file, &len);
	unsigned n = 0;

	if (!buf || at->span.off > len)
		return false;
	start = at->span.off;
	while (start > 0 && !(buf[start - 1] == '\n' && n++ == above))
		start--;
	for (end = at->span.off; end < len && buf[end] != '\n'; end++)
		;
	return comments_mention(buf, start, end, words, nwords);
}

static void add_fix(struct rule_ctx *ctx, struct oc_diag *d, const char *file,
		    unsigned off, unsigned end, const char *text)
{
	size_t len;
	const char *buf = contents(ctx, file, &len);
	struct oc_fix f = { .file = (char *)file,
			    .off = off,
			    .end_off = end,
			    .replacement = (char *)text };

	if (!buf || end > len || off > end)
		return;
	events_line_col(ctx->ir, file, off, &f.line, &f.col);
	events_line_col(ctx->ir, file, end, &f.end_line, &f.end_col);
	diag_add_fix(d, &f);
}

void rule_fix_replace(struct rule_ctx *ctx, struct oc_diag *d,
		      const struct event *ev, const char *text)
{
	add_fix(ctx, d, ev->span.file, ev->span.off, ev->span.end_off, text);
}

/* Past blanks and one comment that ends on this line, from @i. */
static unsigned skip_trailing_comment(const char *buf, size_t len, unsigned i)
{
	unsigned j;

	while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	if (i + 1 < len && buf[i] == '/' && buf[i + 1] == '/') {
		while (i < len && buf[i] != '\n')
			i++;
		return i;
	}
	if (i + 1 < len && buf[i] == '/' && buf[i + 1] == '*') {
		for (j = i + 2; j + 1 < len && buf[j] != '\n'; j++)
			if (buf[j] == '*' && buf[j + 1] == '/')
				break;
		if (j + 1 < len && buf[j] == '*') {
			i = j + 2;
			while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
				i++;
		}
	}
	return i;
}

void rule_fix_remove_stmt(struct rule_ctx *ctx, struct oc_diag *d,
			  const struct event *ev)
{
	size_t len;
	const char *buf = contents(ctx, ev->span.file, &len);
	unsigned start = ev->span.off, end = ev->span.end_off, ls, le;

	if (!buf || end > len)
		return;
	while (end < len && (buf[end] == ' ' || buf[end] == '\t'))
		end++;
	if (end < len && buf[end] == ';')
		end++;
	/*
	 * A statement alone on its line takes the line with it, and with the
	 * line its trailing comment, which was about the removed statement.
	 */
	for (ls = start; ls > 0 && (buf[ls - 1] == ' ' || buf[ls - 1] == '\t');)
		ls--;
	le = skip_trailing_comment(buf, len, end);
	if ((ls == 0 || buf[ls - 1] == '\n') && (le == len || buf[le] == '\n')) {
		start = ls;
		end = le < len ? le + 1 : le;
	}
	add_fix(ctx, d, ev->span.file, start, end, "");
}

int analyze_tu(CXTranslationUnit tu, const struct analyze_opts *opts,
	       struct diag_list *out, struct strbuf *facts)
{
	struct tu_ir ir;
	struct rule_ctx ctx = { .tu = tu, .ir = &ir, .out = out };
	unsigned i;
	int rc = events_build_tu(tu, &opts->build, &ir);

	if (rc)
		return rc;
	collect_facts(&ctx, &ir);
	for (i = 0; i < ir.nfns; i++) {
		if (opts->dump_ir)
			events_dump(opts->dump_ir, ir.fns[i]);
		registry_run(&ctx, ir.fns[i]);
	}
	if (facts)
		facts_write_tu(&ir, facts);
	for (i = 0; i < ctx.nkeys; i++)
		free((char *)ctx.keys[i].pub.how);
	free(ctx.keys);
	free(ctx.orders);
	events_free_tu(&ir);
	return 0;
}
