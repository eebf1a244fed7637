// SPDX-License-Identifier: GPL-2.0
/* Findings in the words of the dialect the code is written in. */
#include "spell.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

struct spelling {
	enum oc_dialect d;
	const char *kernel, *theirs;
};

static const struct spelling spellings[] = {
#define SPELL(d, k, t) { d, k, t },
#include "spellings.def"
};

static const struct {
	enum oc_dialect d;
	const char *fmt;
} helpers[] = {
#define MB_HELPER(d, f) { d, f },
#include "spellings.def"
};

#define NSPELL (sizeof(spellings) / sizeof(spellings[0]))
#define NHELPER (sizeof(helpers) / sizeof(helpers[0]))

/* The longest of @d's phrases that @s starts with, or NULL. */
static const struct spelling *phrase_at(enum oc_dialect d, const char *s)
{
	const struct spelling *best = NULL;
	size_t i, k, bk = 0;

	for (i = 0; i < NSPELL; i++) {
		if (spellings[i].d != d)
			continue;
		k = strlen(spellings[i].kernel);
		if (k > bk && !strncmp(s, spellings[i].kernel, k)) {
			best = &spellings[i];
			bk = k;
		}
	}
	return best;
}

/* A name starts here, not inside another (cmm_smp_mb() holds smp_mb()). */
static bool at_word(const char *text, const char *s)
{
	char c = s > text ? s[-1] : ' ';

	return !(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		 (c >= '0' && c <= '9'));
}

char *spell_text(enum oc_dialect d, const char *text)
{
	struct strbuf sb = { 0 };
	const struct spelling *sp;
	const char *s = text;

	if (!text)
		return NULL;
	while (*s) {
		sp = at_word(text, s) ? phrase_at(d, s) : NULL;
		if (sp) {
			sb_puts(&sb, sp->theirs);
			s += strlen(sp->kernel);
		} else {
			sb_add(&sb, s, 1);
			s++;
		}
	}
	return sb.s ? sb_detach(&sb) : xstrdup("");
}

static void respell(char **field, enum oc_dialect d)
{
	char *t;

	if (!*field)
		return;
	t = spell_text(d, *field);
	free(*field);
	*field = t;
}

void spell_diag(struct oc_diag *diag, enum oc_dialect d)
{
	unsigned i;

	if (d == D_LINUX || !diag->rule)
		return;
	respell(&diag->message, d);
	for (i = 0; i < diag->nnotes; i++)
		respell(&diag->notes[i].message, d);
	for (i = 0; i < diag->nfixes; i++)
		respell(&diag->fixes[i].replacement, d);
}

const char *spell_mb_helper(enum oc_dialect d, const char *side,
			    const char *rmw, char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < NHELPER; i++)
		if (helpers[i].d == d) {
			snprintf(buf, n, helpers[i].fmt, side, rmw);
			return buf;
		}
	return NULL;
}
