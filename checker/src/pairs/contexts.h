/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which functions can run at once (RacerX, SOSP 2003: which code runs in
 * which context). A function that only one single-threaded entry reaches
 * (a work item's function, a kthread's loop, a timer or tasklet callback:
 * none of them runs beside itself) is in that entry's context; two sides
 * in the same such context run one after the other, never at once.
 * Everything else may run anywhere: a function no call of the tree
 * reaches, or one that two entries reach, has no context of its own.
 */
#ifndef ORDERCHECK_PAIRS_CONTEXTS_H
#define ORDERCHECK_PAIRS_CONTEXTS_H

#include "facts.h"

/*
 * Set each function's entry and entry_kind (facts.h), over the calls and
 * bindings of @s: before callees are inlined, while their calls are facts.
 */
void facts_contexts(struct fact_set *s);

#endif
