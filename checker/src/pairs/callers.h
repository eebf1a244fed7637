/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Relative locksets (RELAY, FSE 2007): a function every caller of which,
 * in the whole tree, holds lock L at the call runs under L, though its
 * own body never names L (the kernel's foo_locked() helpers, or any
 * helper its subsystem only calls with the lock held).
 */
#ifndef ORDERCHECK_PAIRS_CALLERS_H
#define ORDERCHECK_PAIRS_CALLERS_H

#include "facts.h"

/*
 * Add to every fact of each function of @s the locks that all its calls
 * in @s hold, to a fixpoint of a few rounds (a caller's callers' locks
 * reach its callees). Functions are known by name: two static functions
 * of one name meet, and the locks they share are what is added. A
 * function no call of @s names (called through a pointer, or only from
 * outside the tree) gets nothing.
 */
void facts_caller_locks(struct fact_set *s);

#endif
