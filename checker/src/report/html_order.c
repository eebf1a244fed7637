// SPDX-License-Identifier: GPL-2.0
/*
 * The memory order a drawn C11 (or GNU builtin) access asks for, read
 * from its call in the source: a box said "atomic_load_explicit(x)" and
 * left out the one word that tells relaxed from acquire. The threads of
 * a finding carry the access as the code names it, not its order, and
 * the page must not change what the checker reports, so the page reads
 * the order where the reader would: in the call's arguments.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "html.h"

enum { CALL_LINES = 8 }; /* how far a call's arguments may run */

/* The words of an order argument, per dialect that writes one. */
static const char *const order_words[] = {
	"memory_order_", /* C11 */
	"__ATOMIC_", /* GNU builtins, DPDK */
	"CMM_", /* liburcu's uatomic */
};

/*
 * The order of an operation written without one, where its name is its
 * dialect's alone: C11's are seq_cst by definition (the kernel's
 * atomic_fetch_add() is its own fully ordered operation, so the
 * atomic_fetch_*() are not here); liburcu 0.15's uatomic_load() and
 * uatomic_store() are CMM_RELAXED when their optional order is absent
 * (vocab/urcu.def).
 */
static const struct {
	const char *op, *order;
} defaults[] = {
	{ "atomic_load", "memory_order_seq_cst" },
	{ "atomic_store", "memory_order_seq_cst" },
	{ "atomic_exchange", "memory_order_seq_cst" },
	{ "atomic_compare_exchange_strong", "memory_order_seq_cst" },
	{ "atomic_compare_exchange_weak", "memory_order_seq_cst" },
	{ "atomic_flag_test_and_set", "memory_order_seq_cst" },
	{ "atomic_flag_clear", "memory_order_seq_cst" },
	{ "uatomic_load", "CMM_RELAXED" },
	{ "uatomic_store", "CMM_RELAXED" },
};

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The call's argument text from its '(' at @p, over lines of @s. */
static char *call_args(const struct src *s, unsigned line, const char *p)
{
	struct strbuf b = { 0 };
	unsigned depth = 0, n;

	for (n = 0; n < CALL_LINES && line <= s->nlines; n++) {
		for (; *p; p++) {
			depth += *p == '(';
			if (*p == ')' && !--depth)
				return sb_detach(&b);
			sb_add(&b, p, 1);
		}
		sb_add(&b, " ", 1);
		if (++line <= s->nlines)
			p = s->line[line];
	}
	free(b.s);
	return NULL; /* unbalanced: no order read from a guess */
}

/* The first order word in @args, as its identifier. */
static char *order_word(const char *args)
{
	const char *p, *q;
	unsigned i;

	for (p = args; *p; p++) {
		if (p > args && ident_char(p[-1]))
			continue;
		for (i = 0; i < sizeof(order_words) / sizeof(*order_words); i++)
			if (!strncmp(p, order_words[i],
				     strlen(order_words[i]))) {
				for (q = p; ident_char(*q); q++)
					;
				return xstrndup(p, (size_t)(q - p));
			}
	}
	return NULL;
}

static const char *default_order(const char *name, size_t len)
{
	unsigned i;

	for (i = 0; i < sizeof(defaults) / sizeof(*defaults); i++)
		if (strlen(defaults[i].op) == len &&
		    !strncmp(defaults[i].op, name, len))
			return defaults[i].order;
	return NULL;
}

/* Where @line calls @name (@len bytes): a word, then its '('. */
static const char *find_call(const char *line, const char *name, size_t len)
{
	const char *p, *q, *w;

	for (p = line; (p = strstr(p, "(")); p++) {
		for (q = p; q > line && (q[-1] == ' ' || q[-1] == '\t'); q--)
			;
		if ((size_t)(q - line) < len)
			continue;
		/* the word's start: q[-len - 1] would add a huge unsigned */
		w = q - len;
		if (!strncmp(w, name, len) && (w == line || !ident_char(w[-1])))
			return p;
	}
	return NULL;
}

char *html_access_order(struct page *pg, const struct oc_access *a)
{
	const char *paren = strchr(a->text, '('), *p = NULL, *line;
	struct src *s = html_source(pg, a->file);
	size_t len = paren ? (size_t)(paren - a->text) : 0;
	char *args, *word;

	if (!len || !s->text || !a->line || a->line > s->nlines)
		return NULL;
	/* the call at the access's column, else the first on its line */
	line = s->line[a->line];
	if (a->col && a->col - 1 <= strlen(line))
		p = find_call(line + a->col - 1, a->text, len);
	if (!p)
		p = find_call(line, a->text, len);
	if (!p)
		return NULL;
	args = call_args(s, a->line, p);
	if (!args)
		return NULL;
	word = order_word(args);
	free(args);
	if (!word && default_order(a->text, len))
		word = xstrdup(default_order(a->text, len));
	return word;
}
