// SPDX-License-Identifier: GPL-2.0
/* The html page's drawing of a pairing finding: its two sides as threads. */
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "html.h"

enum {
	SVG_W = 720,
	COL0 = 180,
	COL1 = 540,
	BOX_W = 300,
	Y_HEAD = 28,
	Y_A0 = 84,
	Y_ORD = 150,
	Y_A1 = 216,
	Y_OUTCOME = 282,
	SVG_H = 296
};

static unsigned col_x(unsigned t)
{
	return t ? COL1 : COL0;
}

static unsigned acc_y(unsigned a)
{
	return a ? Y_A1 : Y_A0;
}

/*
 * The font size of each class of text (the page's CSS) and the advance of
 * a monospace character in hundredths of it (DejaVu Sans Mono: 0.602,
 * rounded up): what a text may hold to stay in its room.
 */
enum { CHAR_W = 62 };

static const struct {
	const char *cls;
	unsigned size;
} fonts[] = { { "th", 13 }, { "acc", 12 },     { "ln", 10 }, { "ordl", 11 },
	      { "el", 12 }, { "outcome", 12 }, { "mo", 10 } };

static unsigned font_size(const char *cls)
{
	unsigned i;

	for (i = 0; i < sizeof(fonts) / sizeof(*fonts); i++)
		if (!strcmp(fonts[i].cls, cls))
			return fonts[i].size;
	return 12;
}

/* Characters of UTF-8 @s: its bytes but continuation bytes. */
static size_t chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* The bytes of @s's first @n characters. */
static size_t prefix(const char *s, size_t n)
{
	const char *p = s;

	for (; *p; p++)
		if (((unsigned char)*p & 0xc0) != 0x80 && !n--)
			break;
	return (size_t)(p - s);
}

/* How wide @text is drawn in @cls, in the drawing's units. */
static unsigned text_w(const char *cls, const char *text)
{
	return (unsigned)(chars(text) * font_size(cls) * CHAR_W / 100);
}

/* @text cut (with an ellipsis) to @room px wide in @cls. */
static void svg_text(FILE *out, unsigned x, unsigned y, const char *cls,
		     const char *text, unsigned room)
{
	size_t max = room * 100 / (font_size(cls) * CHAR_W);
	char *t = xstrdup(text);

	/* long keys would run into the other column or off the drawing */
	if (chars(t) > max && max) {
		t[prefix(t, max - 1)] = '\0';
		t = xrealloc(t, strlen(t) + 4);
		strcat(t, "\xe2\x80\xa6");
	}
	fprintf(out, "<text x=\"%u\" y=\"%u\" class=\"%s\">", x, y, cls);
	html_esc(out, t);
	fputs("</text>", out);
	free(t);
}

static const char *ord_class(unsigned ord)
{
	static const char *const c[] = { "none", "wrong", "unknown", "yes" };

	return ord < 4 ? c[ord] : "unknown";
}

/* What a side's order label says, by enum ord: 0 none ... 3 yes. */
static const char *const ord_says[] = {
	"nothing orders these",
	"%s: wrong kind",
	"unknown (%s)",
	"ordered by %s",
};

static void svg_thread(struct page *pg, unsigned n, unsigned t,
		       const struct oc_thread *th)
{
	FILE *out = pg->out;
	unsigned x = col_x(t), a;
	char head[300], *ord;

	fprintf(out, "<g class=\"thread\" data-thread=\"%u\">", t);
	snprintf(head, sizeof(head), "P%u: %s()", t, th->function);
	svg_text(out, x, Y_HEAD, "th", head, SVG_W / 2 - 16);
	for (a = 0; a < 2; a++) {
		const struct oc_access *ac = &th->a[a];
		char label[300], *mo = html_access_order(pg, ac);

		snprintf(label, sizeof(label), "%s %s", ac->op, ac->text);
		fprintf(out,
			"<g class=\"access op-%s\" data-access=\"%u.%u\">"
			"<title>",
			ac->op, t, a);
		html_esc(out, ac->file);
		fprintf(out, ":%u</title>", ac->line);
		fprintf(out,
			"<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"34\" "
			"rx=\"6\"/>",
			x - BOX_W / 2, acc_y(a) - 22, BOX_W);
		/* the order under the call, in the box: relaxed or acquire */
		svg_text(out, x, acc_y(a) - (mo ? 5 : 0), "acc", label,
			 BOX_W - 12);
		if (mo)
			svg_text(out, x, acc_y(a) + 8, "mo", mo, BOX_W - 12);
		free(mo);
		fprintf(out,
			"<text x=\"%u\" y=\"%u\" class=\"ln\">line %u</text>",
			x, acc_y(a) + 26, ac->line);
		fputs("</g>", out);
	}
	/* program order, and what (if anything) keeps it */
	fprintf(out,
		"<path class=\"edge po ord-%s\" data-edge=\"po\" "
		"data-from=\"%u.0\" data-to=\"%u.1\" d=\"M%u %u L%u %u\" "
		"marker-end=\"url(#f%u-ah-%s)\"/>",
		ord_class(th->ord), t, t, x - 110, Y_A0 + 14, x - 110,
		Y_A1 - 24, n, th->ord == 3 ? "po" : "bad");
	ord = xasprintf(ord_says[th->ord < 4 ? th->ord : 2],
			*th->order ? th->order : "call");
	fprintf(out, "<g class=\"order ord-%s\">", ord_class(th->ord));
	if (*th->order_file) {
		/* where the barrier (or the access that orders) is */
		fputs("<title>", out);
		html_esc(out, th->order);
		fputs(" at ", out);
		html_esc(out, th->order_file);
		fprintf(out, ":%u</title>", th->order_line);
	}
	/* from beside the arrow to the column's end */
	svg_text(out, x - 96, Y_ORD + 4, "ordl", ord,
		 (t ? SVG_W : SVG_W / 2) - (x - 96) - 4);
	fputs("</g></g>\n", out);
	free(ord);
}

/* An edge of the bad outcome, from access (t0, a0) to (t1, a1). */
struct edge {
	const char *kind;
	unsigned t0, a0, t1, a1;
};

/*
 * The edges of each shape's bad outcome: which write each read sees,
 * which write wins. The same-way shape (misplaced-barrier: both sides
 * order, one of them the wrong way round) has two: which is bad depends
 * on which location is the flag, which the side blamed tells.
 */
static const struct {
	const char *shape;
	struct edge e[2];
} outcomes[] = {
	{ "MP", { { "rf", 0, 1, 1, 0 }, { "fr", 1, 1, 0, 0 } } },
	{ "S", { { "rf", 0, 1, 1, 0 }, { "co", 1, 1, 0, 0 } } },
	{ "SB", { { "fr", 0, 1, 1, 0 }, { "fr", 1, 1, 0, 0 } } },
	{ "LB", { { "rf", 0, 1, 1, 0 }, { "rf", 1, 1, 0, 0 } } },
	/* the writer stores the flag first: the reader sees it, not the data */
	{ "same-way", { { "rf", 0, 0, 1, 0 }, { "fr", 1, 1, 0, 1 } } },
	/* the reader reads the data first, the flag (stored last) after */
	{ "same-way reader", { { "rf", 0, 1, 1, 1 }, { "fr", 1, 0, 0, 0 } } },
};

/*
 * What an edge says of the outcome: a subject naming a thread, then the
 * rest naming a location, each of the edge's head (to) or its tail.
 */
static const struct {
	const char *kind, *subject;
	bool subject_to;
	const char *rest;
	bool key_to;
} says[] = {
	/* rf: the read (to) sees the write; fr: the read (from) misses it */
	{ "rf", "P%u reads", true, "the new '%s'", true },
	{ "fr", "P%u reads", false, "the old '%s'", false },
	/* co: the write (to) comes after the other, its value stays */
	{ "co", "P%u's store", true, "to '%s' comes last", true },
};

/* "smp_load_acquire(foo.flag)" -> "foo.flag": the location, of a box. */
static char *key_of(const char *text)
{
	const char *l = strchr(text, '('), *r = strrchr(text, ')');

	if (l && r > l)
		return xstrndup(l + 1, (size_t)(r - l - 1));
	return xstrdup(text);
}

/*
 * The bad outcome in words under the drawing: "P1 reads the new 'flag'
 * and the old 'data'", a clause per edge, a subject said once.
 */
static void svg_outcome(FILE *out, const struct oc_threads *ts,
			const struct edge *e)
{
	struct strbuf b = { 0 };
	char *prev = NULL;
	unsigned i, k;

	sb_puts(&b, "the bad outcome: ");
	for (i = 0; i < 2; i++) {
		const struct edge *x = &e[i];
		const struct oc_access *to = &ts->t[x->t1].a[x->a1],
				       *from = &ts->t[x->t0].a[x->a0];
		char *subj, *key;

		for (k = 0; strcmp(says[k].kind, x->kind); k++)
			;
		subj = xasprintf(says[k].subject,
				 says[k].subject_to ? x->t1 : x->t0);
		key = key_of(says[k].key_to ? to->text : from->text);
		if (i)
			sb_puts(&b, " and ");
		if (!prev || strcmp(prev, subj))
			sb_printf(&b, "%s ", subj);
		sb_printf(&b, says[k].rest, key);
		free(prev);
		prev = subj;
		free(key);
	}
	svg_text(out, SVG_W / 2, Y_OUTCOME, "outcome", b.s, SVG_W - 16);
	free(prev);
	free(b.s);
}

/* The edges of @d's bad outcome, or NULL for a shape with none drawn. */
static const struct edge *outcome_of(const struct oc_diag *d)
{
	const struct oc_threads *ts = d->threads;
	const struct oc_access *r = &ts->t[1].a[0];
	const char *shape = ts->shape;
	unsigned i;

	/* misplaced-barrier reports a same-way pair at the blamed side */
	if (!strcmp(shape, "same-way") && d->line == r->line &&
	    !strcmp(d->file, r->file))
		shape = "same-way reader";
	for (i = 0; i < sizeof(outcomes) / sizeof(*outcomes); i++)
		if (!strcmp(shape, outcomes[i].shape))
			return outcomes[i].e;
	return NULL;
}

static unsigned edge_x(unsigned t)
{
	return t ? COL1 - BOX_W / 2 : COL0 + BOX_W / 2;
}

static void svg_edge(FILE *out, unsigned n, const struct edge *e)
{
	fprintf(out,
		"<path class=\"edge %s\" data-edge=\"%s\" data-from=\"%u.%u\" "
		"data-to=\"%u.%u\" d=\"M%u %u L%u %u\" "
		"marker-end=\"url(#f%u-ah-%s)\"/>\n",
		e->kind, e->kind, e->t0, e->a0, e->t1, e->a1, edge_x(e->t0),
		acc_y(e->a0) - 5, edge_x(e->t1), acc_y(e->a1) - 5, n, e->kind);
}

/*
 * An edge's label, a quarter of the way (crossing edges keep theirs
 * apart) on a box of the page's colour: drawn after every edge, so no
 * other edge crosses it.
 */
static void svg_edge_label(FILE *out, const struct edge *e)
{
	unsigned x0 = edge_x(e->t0), x1 = edge_x(e->t1);
	unsigned x = (3 * x0 + x1) / 4;
	unsigned y = (3 * (acc_y(e->a0) - 5) + acc_y(e->a1) - 5) / 4 - 6;
	unsigned w = text_w("el", e->kind) + 6, h = font_size("el") + 4;

	fprintf(out,
		"<rect class=\"elb\" x=\"%u\" y=\"%u\" width=\"%u\" "
		"height=\"%u\" rx=\"3\"/>",
		x - w / 2 - 1, y - h + 4, w + 2, h);
	fprintf(out, "<text class=\"el el-%s\" x=\"%u\" y=\"%u\">%s</text>\n",
		e->kind, x, y, e->kind);
}

void html_threads(struct page *pg, const struct oc_diag *d, unsigned n)
{
	static const struct {
		const char *id, *color;
	} heads[] = { { "po", "#393" },
		      { "bad", "#c00" },
		      { "rf", "#06c" },
		      { "fr", "#a0a" },
		      { "co", "#a60" } };
	const struct oc_threads *ts = d->threads;
	FILE *out = pg->out;
	const char *s = ts->shape;
	const struct edge *e;
	unsigned i;

	fprintf(out,
		"<figure class=\"threads\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
		"viewBox=\"0 0 %u %u\" width=\"%u\" height=\"%u\" role=\"img\" "
		"data-shape=\"",
		SVG_W, SVG_H, SVG_W, SVG_H);
	html_esc(out, s);
	fputs("\"><title>the two sides as threads, shape ", out);
	html_esc(out, s);
	fputs("</title>\n<defs>", out);
	/* one set of arrow heads per drawing: ids stay unique in the page */
	for (i = 0; i < sizeof(heads) / sizeof(*heads); i++)
		fprintf(out,
			"<marker id=\"f%u-ah-%s\" viewBox=\"0 0 10 10\" "
			"refX=\"9\" refY=\"5\" markerWidth=\"7\" "
			"markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L10 "
			"5L0 10z\" fill=\"%s\"/></marker>",
			n, heads[i].id, heads[i].color);
	fputs("</defs>\n", out);
	svg_thread(pg, n, 0, &ts->t[0]);
	svg_thread(pg, n, 1, &ts->t[1]);
	e = outcome_of(d);
	if (e) {
		svg_edge(out, n, &e[0]);
		svg_edge(out, n, &e[1]);
		svg_edge_label(out, &e[0]);
		svg_edge_label(out, &e[1]);
		svg_outcome(out, ts, e);
	}
	fputs("</svg><figcaption>", out);
	html_esc(out, s);
	fputs(": P0 and P1 in program order (top to bottom); "
	      "<span class=\"k-rf\">rf</span> a read sees that write, "
	      "<span class=\"k-fr\">fr</span> a read sees the value from "
	      "before that write, <span class=\"k-co\">co</span> that write "
	      "comes later; a dashed red arrow is the order that is missing"
	      "</figcaption></figure>\n",
	      out);
}
