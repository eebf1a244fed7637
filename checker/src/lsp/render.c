// SPDX-License-Identifier: GPL-2.0
/* Our findings as LSP diagnostics and quick fixes. */
#include "render.h"

#include <stdlib.h>
#include <string.h>

#include "../uri.h"
#include "../util.h"

/* Text in which positions are computed: a document or a file on disk. */
struct view {
	char *path;
	const char *text;
	size_t len;
	char *owned;
	struct line_index li;
};

struct views {
	struct view *v;
	unsigned n;
};

static struct view *view_of(struct views *vs, const struct render_ctx *rc,
			    const char *path)
{
	struct view *v;
	const struct doc *d;
	unsigned i;

	for (i = 0; i < vs->n; i++)
		if (!strcmp(vs->v[i].path, path))
			return vs->v[i].text ? &vs->v[i] : NULL;
	vs->v = xrealloc(vs->v, (vs->n + 1) * sizeof(*vs->v));
	v = &vs->v[vs->n++];
	memset(v, 0, sizeof(*v));
	v->path = xstrdup(path);
	d = docs_find_path(rc->docs, path);
	if (d) {
		v->text = d->text;
		v->len = d->len;
	} else {
		/* a header the client has not opened: as it is on disk */
		v->owned = read_file(path, &v->len);
		v->text = v->owned;
	}
	if (!v->text)
		return NULL;
	lines_build(&v->li, v->text, v->len);
	return v;
}

static void views_free(struct views *vs)
{
	unsigned i;

	for (i = 0; i < vs->n; i++) {
		free(vs->v[i].path);
		free(vs->v[i].owned);
		lines_free(&vs->v[i].li);
	}
	free(vs->v);
}

/* An LSP Range: bytes a..b of @v's text, in the client's encoding. */
static json_t *range(const struct view *v, size_t a, size_t b, enum pos_enc enc)
{
	unsigned l0 = 0, c0 = 0, l1 = 0, c1 = 0;

	if (v) {
		pos_from_offset(v->text, v->len, &v->li, a, enc, &l0, &c0);
		pos_from_offset(v->text, v->len, &v->li, b, enc, &l1, &c1);
	}
	return jsonio_pack("{s:{s:I,s:I},s:{s:I,s:I}}", "start", "line",
			   (json_int_t)l0, "character", (json_int_t)c0, "end",
			   "line", (json_int_t)l1, "character", (json_int_t)c1);
}

static bool ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/*
 * Our locations are points; the range covers the word there (the
 * primitive's name), or one character.
 */
static void point_range(const struct view *v, unsigned line, unsigned col,
			size_t *a, size_t *b)
{
	size_t off, end;

	*a = *b = 0;
	if (!v || !line)
		return;
	off = pos_offset_of_line_col(v->text, v->len, &v->li, line, col);
	for (end = off; end < v->len && ident(v->text[end]); end++)
		;
	if (end == off && off < v->len && v->text[off] != '\n')
		end++;
	*a = off;
	*b = end;
}

static int severity(enum oc_severity s)
{
	return s == SEV_ERROR ? 1 : s == SEV_WARNING ? 2 : 3;
}

static json_t *related(const struct oc_diag *dg, const struct doc *d,
		       struct views *vs, const struct render_ctx *rc)
{
	json_t *arr = json_array();
	unsigned i;

	for (i = 0; i < dg->nnotes; i++) {
		const struct oc_note *n = &dg->notes[i];
		const char *file = n->file[0] ? n->file : d->path;
		const struct doc *od = docs_find_path(rc->docs, file);
		struct view *v = n->line ? view_of(vs, rc, file) : NULL;
		char *uri = od ? xstrdup(od->uri) : uri_from_path(file, false);
		size_t a, b;

		point_range(v, n->line, n->col, &a, &b);
		jsonio_push(arr, jsonio_pack("{s:{s:o,s:o},s:o}", "location",
					     "uri", jsonio_str(uri), "range",
					     range(v, a, b, rc->enc), "message",
					     jsonio_str(n->message)));
		free(uri);
	}
	return arr;
}

/* Without relatedInformation the notes go into the message, as clangd's. */
static char *message_with_notes(const struct oc_diag *dg)
{
	struct strbuf b = { 0 };
	unsigned i;

	sb_puts(&b, dg->message);
	for (i = 0; i < dg->nnotes; i++) {
		const char *slash = strrchr(dg->notes[i].file, '/');

		sb_printf(&b, "\n\n%s:%u: note: %s",
			  slash ? slash + 1 : dg->notes[i].file,
			  dg->notes[i].line, dg->notes[i].message);
	}
	return sb_detach(&b);
}

static json_t *diag_json(const struct oc_diag *dg, const struct doc *d,
			 struct view *v, struct views *vs,
			 const struct render_ctx *rc, unsigned *line0,
			 unsigned *line1)
{
	json_t *j;
	size_t a, b;
	unsigned c;
	char *msg;

	point_range(v, dg->line, dg->col, &a, &b);
	pos_from_offset(v->text, v->len, &v->li, a, rc->enc, line0, &c);
	pos_from_offset(v->text, v->len, &v->li, b, rc->enc, line1, &c);
	j = jsonio_pack("{s:o,s:i}", "range", range(v, a, b, rc->enc),
			"severity", severity(dg->sev));
	if (dg->rule)
		jsonio_set(j, "code", jsonio_str(dg->rule));
	jsonio_set(j, "source", json_string("ordercheck"));
	msg = rc->related ? NULL : message_with_notes(dg);
	jsonio_set(j, "message", jsonio_str(msg ? msg : dg->message));
	free(msg);
	if (rc->related && dg->nnotes)
		jsonio_set(j, "relatedInformation", related(dg, d, vs, rc));
	return j;
}

/* A short, one-line excerpt of the text a fix replaces, for its title. */
static char *excerpt(const char *s, size_t n)
{
	struct strbuf b = { 0 };
	size_t i;
	bool space = false;

	for (i = 0; i < n && b.len < 48; i++) {
		bool ws = s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
			  s[i] == '\r';

		if (ws) {
			space = b.len > 0;
			continue;
		}
		if (space)
			sb_add(&b, " ", 1);
		space = false;
		sb_add(&b, &s[i], 1);
	}
	if (i < n)
		sb_puts(&b, "...");
	return sb_detach(&b);
}

static char *fix_title(const struct oc_diag *dg, const struct view *v)
{
	const struct oc_fix *f = &dg->fixes[0];
	char *old, *new, *t;

	if (dg->nfixes > 1)
		return xasprintf("ordercheck: apply the fix [%s]", dg->rule);
	old = excerpt(v->text + f->off, f->end_off - f->off);
	new = excerpt(f->replacement, strlen(f->replacement));
	t = f->replacement[0] ?
		    xasprintf("ordercheck: replace '%s' with '%s'", old, new) :
		    xasprintf("ordercheck: remove '%s'", old);
	free(old);
	free(new);
	return t;
}

/* The safe fix as a WorkspaceEdit, if every edit is in this text. */
static json_t *fix_edit(const struct oc_diag *dg, const struct doc *d,
			const struct view *v, enum pos_enc enc)
{
	json_t *edits, *changes;
	unsigned i;

	if (!dg->fix_safe || !dg->nfixes)
		return NULL;
	for (i = 0; i < dg->nfixes; i++) {
		const struct oc_fix *f = &dg->fixes[i];

		if (strcmp(f->file, d->path) || f->off > f->end_off ||
		    f->end_off > v->len)
			return NULL;
	}
	edits = json_array();
	for (i = 0; i < dg->nfixes; i++)
		jsonio_push(edits,
			    jsonio_pack("{s:o,s:o}", "range",
					range(v, dg->fixes[i].off,
					      dg->fixes[i].end_off, enc),
					"newText",
					jsonio_str(dg->fixes[i].replacement)));
	changes = json_object();
	jsonio_set(changes, d->uri, edits);
	return jsonio_pack("{s:o}", "changes", changes);
}

static bool ours(const struct oc_diag *dg, const struct doc *d)
{
	if (!dg->rule && !dg->file[0])
		return true; /* about the run: shown at the top */
	return !strcmp(dg->file, d->path);
}

void render_results(struct doc *d, const struct diag_list *l,
		    const struct render_ctx *rc)
{
	struct views vs = { NULL, 0 };
	struct view self = { NULL, d->text, d->len, NULL, { NULL, 0 } };
	json_t *arr = json_array();
	struct our_action *acts = NULL;
	unsigned i, nacts = 0;

	lines_build(&self.li, self.text, self.len);
	for (i = 0; i < l->n; i++) {
		const struct oc_diag *dg = &l->v[i];
		unsigned line0, line1;
		json_t *j, *edit;

		if (!ours(dg, d))
			continue;
		j = diag_json(dg, d, &self, &vs, rc, &line0, &line1);
		jsonio_push(arr, j);
		edit = fix_edit(dg, d, &self, rc->enc);
		if (!edit)
			continue;
		acts = xrealloc(acts, (nacts + 1) * sizeof(*acts));
		acts[nacts].line0 = line0;
		acts[nacts].line1 = line1;
		acts[nacts].title = fix_title(dg, &self);
		acts[nacts].diag = json_incref(j); /* shared, never changed */
		acts[nacts].edit = edit;
		nacts++;
	}
	lines_free(&self.li);
	views_free(&vs);
	doc_set_results(d, d->version, arr, acts, nacts);
}

void render_lost(struct doc *d, const char *why)
{
	struct diag_list l = { 0 };
	struct render_ctx rc = { ENC_UTF16, true, NULL };
	struct docs none = { NULL, 0 };
	char *msg = xasprintf("ordercheck: %s", why);

	rc.docs = &none;
	diag_add(&l, NULL, SEV_WARNING, "", 0, 0, "", msg);
	render_results(d, &l, &rc);
	free(msg);
	diag_list_free(&l);
}
