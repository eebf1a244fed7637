/* SPDX-License-Identifier: GPL-2.0 */
/* The documents the client has open: text, version, our last results. */
#ifndef ORDERCHECK_LSP_DOCS_H
#define ORDERCHECK_LSP_DOCS_H

#include <stdbool.h>
#include <stddef.h>

#include "../json/jsonio.h"
#include "position.h"

/* A quick fix, ready to send: for the diagnostic on lines line0..line1. */
struct our_action {
	unsigned line0, line1;
	char *title;
	json_t *diag; /* the LSP diagnostic it fixes */
	json_t *edit; /* a WorkspaceEdit */
};

#define DOC_HISTORY 15

struct doc {
	char *uri; /* as the client spells it */
	char *path; /* NULL: not a file: URI, never checked */
	char *text;
	size_t len;
	long long version;
	double due; /* when a check is due (mono_now()), 0: none */
	bool in_flight;
	/* the last re-checks' times (ms), oldest first, for the debounce */
	long took[DOC_HISTORY];
	unsigned ntook;
	long long failed_version; /* the checker died on it; -1: none */
	/* the last results, for res_version */
	bool have;
	long long res_version;
	json_t *diags; /* array of LSP diagnostics */
	struct our_action *acts;
	unsigned nacts;
};

struct docs {
	struct doc **v;
	unsigned n;
};

struct doc *docs_find(const struct docs *ds, const char *uri);
/* By file: clangd may spell a URI differently from the client. */
struct doc *docs_find_path(const struct docs *ds, const char *path);
/* Open (or reopen) @uri with @text; the text is copied. */
struct doc *docs_open(struct docs *ds, const char *uri, const char *text,
		      size_t len, long long version);
void docs_close(struct docs *ds, struct doc *d);
void docs_free(struct docs *ds);

/*
 * A check of @d took @ms: kept for the debounce when it re-parsed the TU
 * on its preamble (@reparsed). The first check parses without one and
 * takes several times longer; clangd's debounce, which ours follows,
 * likewise records only the AST builds made on a preamble.
 */
void doc_took(struct doc *d, long ms, bool reparsed);

/*
 * One entry of didChange's contentChanges: the whole text, or a range
 * and its replacement. Returns 0, or -1 for a malformed change.
 */
int doc_apply_change(struct doc *d, const json_t *change, enum pos_enc enc);

/* Replace the results (their ownership passes to the document). */
void doc_set_results(struct doc *d, long long version, json_t *diags,
		     struct our_action *acts, unsigned nacts);
void doc_clear_results(struct doc *d);

#endif
