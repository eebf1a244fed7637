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
	SVG_H = 270
};

static unsigned col_x(unsigned t)
{
	return t ? COL1 : COL0;
}

static unsigned acc_y(unsigned a)
{
	return a ? Y_A1 : Y_A0;
}

static void svg_text(FILE *out, unsigned x, unsigned y, const char *cls,
		     const char *text, unsigned max)
{
	char *t = xstrdup(text);

	/* long keys would run into the other column */
	if (strlen(t) > max) {
		t[max - 1] = '\0';
		t = xrealloc(t, max + 4);
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

static void svg_thread(FILE *out, unsigned n, unsigned t,
		       const struct oc_thread *th)
{
	unsigned x = col_x(t), a;
	char head[300], *ord;

	fprintf(out, "<g class=\"thread\" data-thread=\"%u\">", t);
	snprintf(head, sizeof(head), "P%u: %s()", t, th->function);
	svg_text(out, x, Y_HEAD, "th", head, 44);
	for (a = 0; a < 2; a++) {
		const struct oc_access *ac = &th->a[a];
		char label[300];

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
		svg_text(out, x, acc_y(a), "acc", label, 38);
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
	if (th->ord == 3)
		ord = xasprintf("ordered by %s", th->order);
	else if (th->ord == 1)
		ord = xasprintf("%s: wrong kind", th->order);
	else if (th->ord == 2)
		ord = xasprintf("unknown (%s)",
				*th->order ? th->order : "call");
	else
		ord = xstrdup("nothing orders these");
	fprintf(out, "<g class=\"order ord-%s\">", ord_class(th->ord));
	if (*th->order_file) {
		/* where the barrier (or the access that orders) is */
		fputs("<title>", out);
		html_esc(out, th->order);
		fputs(" at ", out);
		html_esc(out, th->order_file);
		fprintf(out, ":%u</title>", th->order_line);
	}
	svg_text(out, x - 96, Y_ORD + 4, "ordl", ord, 42);
	fputs("</g></g>\n", out);
	free(ord);
}

/* One edge of the bad outcome, from access (t0, a0) to (t1, a1). */
static void svg_edge(FILE *out, unsigned n, const char *kind, unsigned t0,
		     unsigned a0, unsigned t1, unsigned a1)
{
	unsigned x0 = t0 ? COL1 - BOX_W / 2 : COL0 + BOX_W / 2;
	unsigned x1 = t1 ? COL1 - BOX_W / 2 : COL0 + BOX_W / 2;
	unsigned y0 = acc_y(a0) - 5, y1 = acc_y(a1) - 5;

	fprintf(out,
		"<path class=\"edge %s\" data-edge=\"%s\" data-from=\"%u.%u\" "
		"data-to=\"%u.%u\" d=\"M%u %u L%u %u\" "
		"marker-end=\"url(#f%u-ah-%s)\"/>",
		kind, kind, t0, a0, t1, a1, x0, y0, x1, y1, n, kind);
	/* the label a quarter of the way: crossing edges keep theirs apart */
	fprintf(out, "<text class=\"el el-%s\" x=\"%u\" y=\"%u\">%s</text>\n",
		kind, (3 * x0 + x1) / 4, (3 * y0 + y1) / 4 - 6, kind);
}

void html_threads(struct page *pg, const struct oc_threads *ts, unsigned n)
{
	static const struct {
		const char *id, *color;
	} heads[] = { { "po", "#393" },
		      { "bad", "#c00" },
		      { "rf", "#06c" },
		      { "fr", "#a0a" },
		      { "co", "#a60" } };
	FILE *out = pg->out;
	const char *s = ts->shape;
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
	svg_thread(out, n, 0, &ts->t[0]);
	svg_thread(out, n, 1, &ts->t[1]);
	/* the bad outcome: which write each read sees, which write wins */
	if (!strcmp(s, "MP")) {
		svg_edge(out, n, "rf", 0, 1, 1, 0);
		svg_edge(out, n, "fr", 1, 1, 0, 0);
	} else if (!strcmp(s, "S")) {
		svg_edge(out, n, "rf", 0, 1, 1, 0);
		svg_edge(out, n, "co", 1, 1, 0, 0);
	} else if (!strcmp(s, "SB")) {
		svg_edge(out, n, "fr", 0, 1, 1, 0);
		svg_edge(out, n, "fr", 1, 1, 0, 0);
	} else if (!strcmp(s, "LB")) {
		svg_edge(out, n, "rf", 0, 1, 1, 0);
		svg_edge(out, n, "rf", 1, 1, 0, 0);
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
