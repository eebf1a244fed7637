/* SPDX-License-Identifier: GPL-2.0 */
/* Findings in the words of the dialect the code is written in. */
#ifndef ORDERCHECK_SPELL_H
#define ORDERCHECK_SPELL_H

#include <stddef.h>

#include "../diag.h"
#include "vocab.h"

/* @text with the kernel's phrases in @d's words (vocab/spellings.def). */
char *spell_text(enum oc_dialect d, const char *text);

/* Rewrite @diag's message, notes and fix-its so (rules and tree rules). */
void spell_diag(struct oc_diag *diag, enum oc_dialect d);

/*
 * The full fence's twin before or after (@side) the RMW named @rmw in
 * dialect @d into @buf: "cmm_smp_mb__after_uatomic_inc()"; or NULL
 * when the dialect has none of its own (the kernel's is the fence's name
 * and "__after_atomic()").
 */
const char *spell_mb_helper(enum oc_dialect d, const char *side,
			    const char *rmw, char *buf, size_t n);

#endif
