// SPDX-License-Identifier: GPL-2.0
/* The documents the client has open. */
#include "docs.h"

#include <stdlib.h>
#include <string.h>

#include "../uri.h"
#include "../util.h"

struct doc *docs_find(const struct docs *ds, const char *uri)
{
	unsigned i;

	for (i = 0; uri && i < ds->n; i++)
		if (!strcmp(ds->v[i]->uri, uri))
			return ds->v[i];
	return NULL;
}

struct doc *docs_find_path(const struct docs *ds, const char *path)
{
	unsigned i;

	for (i = 0; path && i < ds->n; i++)
		if (ds->v[i]->path && !strcmp(ds->v[i]->path, path))
			return ds->v[i];
	return NULL;
}

static void set_text(struct doc *d, const char *text, size_t len)
{
	free(d->text);
	d->text = xmalloc(len + 1);
	memcpy(d->text, text, len);
	d->text[len] = '\0';
	d->len = len;
}

struct doc *docs_open(struct docs *ds, const char *uri, const char *text,
		      size_t len, long long version)
{
	struct doc *d = docs_find(ds, uri);

	if (!d) {
		d = xcalloc(1, sizeof(*d));
		d->uri = xstrdup(uri);
		d->path = uri_to_path(uri);
		d->failed_version = -1;
		ds->v = xrealloc(ds->v, (ds->n + 1) * sizeof(*ds->v));
		ds->v[ds->n++] = d;
	}
	set_text(d, text, len);
	d->version = version;
	d->failed_version = -1;
	return d;
}

static void free_actions(struct our_action *a, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		free(a[i].title);
		json_decref(a[i].diag);
		json_decref(a[i].edit);
	}
	free(a);
}

void doc_clear_results(struct doc *d)
{
	json_decref(d->diags);
	free_actions(d->acts, d->nacts);
	d->diags = NULL;
	d->acts = NULL;
	d->nacts = 0;
	d->have = false;
}

void doc_set_results(struct doc *d, long long version, json_t *diags,
		     struct our_action *acts, unsigned nacts)
{
	doc_clear_results(d);
	d->have = true;
	d->res_version = version;
	d->diags = diags;
	d->acts = acts;
	d->nacts = nacts;
}

static void doc_free(struct doc *d)
{
	doc_clear_results(d);
	free(d->uri);
	free(d->path);
	free(d->text);
	free(d);
}

void doc_took(struct doc *d, long ms, bool reparsed)
{
	if (!reparsed)
		return;
	if (d->ntook == DOC_HISTORY) {
		memmove(d->took, d->took + 1,
			(DOC_HISTORY - 1) * sizeof(*d->took));
		d->ntook--;
	}
	d->took[d->ntook++] = ms;
}

void docs_close(struct docs *ds, struct doc *d)
{
	unsigned i;

	for (i = 0; i < ds->n; i++)
		if (ds->v[i] == d) {
			ds->v[i] = ds->v[--ds->n];
			break;
		}
	doc_free(d);
}

void docs_free(struct docs *ds)
{
	unsigned i;

	for (i = 0; i < ds->n; i++)
		doc_free(ds->v[i]);
	free(ds->v);
	ds->v = NULL;
	ds->n = 0;
}

static bool position(const json_t *p, unsigned *line, unsigned *ch)
{
	long long l, c;

	if (!jsonio_get_int(json_object_get(p, "line"), &l) ||
	    !jsonio_get_int(json_object_get(p, "character"), &c) || l < 0 ||
	    c < 0 || l > 0x7fffffff || c > 0x7fffffff)
		return false;
	*line = (unsigned)l;
	*ch = (unsigned)c;
	return true;
}

int doc_apply_change(struct doc *d, const json_t *change, enum pos_enc enc)
{
	const json_t *text = json_object_get(change, "text");
	const json_t *range = json_object_get(change, "range");
	const char *s = json_string_value(text);
	size_t n = json_string_length(text);
	struct line_index li;
	unsigned l0, c0, l1, c1;
	size_t a, b;
	char *t;

	if (!s)
		return -1;
	if (!range) {
		set_text(d, s, n);
		return 0;
	}
	if (!position(json_object_get(range, "start"), &l0, &c0) ||
	    !position(json_object_get(range, "end"), &l1, &c1))
		return -1;
	lines_build(&li, d->text, d->len);
	a = pos_to_offset(d->text, d->len, &li, l0, c0, enc);
	b = pos_to_offset(d->text, d->len, &li, l1, c1, enc);
	lines_free(&li);
	if (b < a)
		return -1;
	t = xmalloc(d->len - (b - a) + n + 1);
	memcpy(t, d->text, a);
	memcpy(t + a, s, n);
	memcpy(t + a + n, d->text + b, d->len - b);
	d->len = d->len - (b - a) + n;
	t[d->len] = '\0';
	free(d->text);
	d->text = t;
	return 0;
}
