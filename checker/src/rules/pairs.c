// SPDX-License-Identifier: GPL-2.0
/*
 * The pairing family: rules over the facts of the whole tree, run by the
 * pairing pass (pairs/pairing.c) after every file is checked, not per
 * function. They are here so that -W, --list-rules and SARIF know them.
 */
#include "rule.h"

static const struct rule rules[] = {
	{ "pair-missing-acquire", SEV_WARNING, FIX_NONE, ON_TREE(NULL),
	  "the writer orders two stores, the reader reads them in the other "
	  "order with nothing ordering its reads" },
	{ "pair-missing-release", SEV_WARNING, FIX_NONE, ON_TREE(NULL),
	  "the reader orders its reads, the writer does not order its stores" },
	{ "pair-wrong-barrier", SEV_WARNING, FIX_NONE, ON_TREE(NULL),
	  "both sides order, one with a barrier of the wrong kind (smp_rmb() "
	  "between stores, release/acquire for store buffering)" },
	{ "sb-needs-full-barrier", SEV_WARNING, FIX_NONE, ON_TREE(NULL),
	  "store buffering: a store then a load on each side, and one side "
	  "without smp_mb()" },
	{ "pair-unpaired-barrier", SEV_NOTE, FIX_NONE, ON_TREE(NULL),
	  "an smp_wmb() or smp_rmb() that nothing in the tree pairs with, or "
	  "whose \"pairs with\" comment names a function not in the tree" },
};

const struct rule_family family_pairs = { "pairing across functions and files",
					  rules,
					  sizeof(rules) / sizeof(rules[0]) };
