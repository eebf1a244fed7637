/* SPDX-License-Identifier: GPL-2.0 */
/* What several rule families ask of a function or an event. */
#ifndef ORDERCHECK_RULES_COMMON_H
#define ORDERCHECK_RULES_COMMON_H

#include <stddef.h>

#include "rule.h"

/*
 * Code under a lock does not lean on dependencies: the lock orders it. A
 * function that takes one, asserts one is held, or is named *_locked.
 */
bool rule_under_lock(const struct function_ir *fn);

/* "READ_ONCE(a)", "atomic_read()", "plain load of 'foo.bar'". */
const char *rule_event_text(const struct event *e, char *buf, size_t n);

/* An acquire load or an RMW that orders what follows it: nothing after it
 * leans on a dependency. */
bool rule_is_acquire_like(const struct event *e);

#endif
