// SPDX-License-Identifier: GPL-2.0
/* Our findings as LSP diagnostics and quick fixes. */
#include "render.h"

#include <stdlib.h>
#include <string.h>

#include "../uri.h"

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

static void put_pos(struct jw *w, const char *key, unsigned line, unsigned ch)
{
	jw_key(w, key);
	jw_obj(w);
	jw_key(w, "line");
	jw_int(w, line);
	jw_key(w, "character");
	jw_int(w, ch);
	jw_obj_end(w);
}

static void put_range(struct jw *w, const struct view *v, size_t a, size_t b,
		      enum pos_enc enc)
{
	unsigned l0 = 0, c0 = 0, l1 = 0, c1 = 0;

	if (v) {
		pos_from_offset(v->text, v->len, &v->li, a, enc, &l0, &c0);
		pos_from_offset(v->text, v->len, &v->li, b, enc, &l1, &c1);
	}
	jw_key(w, "range");
	jw_obj(w);
	put_pos(w, "start", l0, c0);
	put_pos(w, "end", l1, c1);
	jw_obj_end(w);
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

static void put_related(struct jw *w, const struct oc_diag *dg,
			const struct doc *d, struct views *vs,
			const struct render_ctx *rc)
{
	unsigned i;

	jw_key(w, "relatedInformation");
	jw_arr(w);
	for (i = 0; i < dg->nnotes; i++) {
		const struct oc_note *n = &dg->notes[i];
		const char *file = n->file[0] ? n->file : d->path;
		const struct doc *od = docs_find_path(rc->docs, file);
		struct view *v = n->line ? view_of(vs, rc, file) : NULL;
		char *uri = od ? xstrdup(od->uri) : uri_from_path(file, false);
		size_t a, b;

		point_range(v, n->line, n->col, &a, &b);
		jw_obj(w);
		jw_key(w, "location");
		jw_obj(w);
		jw_key(w, "uri");
		jw_str(w, uri);
		put_range(w, v, a, b, rc->enc);
		jw_obj_end(w);
		jw_key(w, "message");
		jw_str(w, n->message);
		jw_obj_end(w);
		free(uri);
	}
	jw_arr_end(w);
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

static struct json *diag_json(const struct oc_diag *dg, const struct doc *d,
			      struct view *v, struct views *vs,
			      const struct render_ctx *rc, unsigned *line0,
			      unsigned *line1)
{
	struct jw w = { { 0 }, false };
	size_t a, b, len;
	unsigned c;
	char *text, *msg;
	struct json *j;

	point_range(v, dg->line, dg->col, &a, &b);
	pos_from_offset(v->text, v->len, &v->li, a, rc->enc, line0, &c);
	pos_from_offset(v->text, v->len, &v->li, b, rc->enc, line1, &c);
	jw_obj(&w);
	put_range(&w, v, a, b, rc->enc);
	jw_key(&w, "severity");
	jw_int(&w, severity(dg->sev));
	if (dg->rule) {
		jw_key(&w, "code");
		jw_str(&w, dg->rule);
	}
	jw_key(&w, "source");
	jw_str(&w, "ordercheck");
	jw_key(&w, "message");
	msg = rc->related ? NULL : message_with_notes(dg);
	jw_str(&w, msg ? msg : dg->message);
	free(msg);
	if (rc->related && dg->nnotes)
		put_related(&w, dg, d, vs, rc);
	jw_obj_end(&w);
	text = jw_detach(&w, &len);
	j = json_parse(text, len, NULL);
	free(text);
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
static struct json *fix_edit(const struct oc_diag *dg, const struct doc *d,
			     const struct view *v, enum pos_enc enc)
{
	struct jw w = { { 0 }, false };
	size_t len;
	unsigned i;
	char *text;
	struct json *j;

	if (!dg->fix_safe || !dg->nfixes)
		return NULL;
	for (i = 0; i < dg->nfixes; i++) {
		const struct oc_fix *f = &dg->fixes[i];

		if (strcmp(f->file, d->path) || f->off > f->end_off ||
		    f->end_off > v->len)
			return NULL;
	}
	jw_obj(&w);
	jw_key(&w, "changes");
	jw_obj(&w);
	jw_key(&w, d->uri);
	jw_arr(&w);
	for (i = 0; i < dg->nfixes; i++) {
		jw_obj(&w);
		put_range(&w, v, dg->fixes[i].off, dg->fixes[i].end_off, enc);
		jw_key(&w, "newText");
		jw_str(&w, dg->fixes[i].replacement);
		jw_obj_end(&w);
	}
	jw_arr_end(&w);
	jw_obj_end(&w);
	jw_obj_end(&w);
	text = jw_detach(&w, &len);
	j = json_parse(text, len, NULL);
	free(text);
	return j;
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
	struct json *arr = xcalloc(1, sizeof(*arr));
	struct our_action *acts = NULL;
	unsigned i, nacts = 0;

	arr->type = JSON_ARRAY;
	lines_build(&self.li, self.text, self.len);
	for (i = 0; i < l->n; i++) {
		const struct oc_diag *dg = &l->v[i];
		unsigned line0, line1;
		struct json *j, *edit;

		if (!ours(dg, d))
			continue;
		j = diag_json(dg, d, &self, &vs, rc, &line0, &line1);
		if (!j)
			continue;
		arr->v = xrealloc(arr->v, (arr->n + 1) * sizeof(*arr->v));
		arr->v[arr->n++] = j;
		edit = fix_edit(dg, d, &self, rc->enc);
		if (!edit)
			continue;
		acts = xrealloc(acts, (nacts + 1) * sizeof(*acts));
		acts[nacts].line0 = line0;
		acts[nacts].line1 = line1;
		acts[nacts].title = fix_title(dg, &self);
		acts[nacts].diag = json_clone(j);
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
