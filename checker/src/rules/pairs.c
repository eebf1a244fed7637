// SPDX-License-Identifier: GPL-2.0
/*
 * The pairing family: rules over the facts of the whole tree, run by the
 * pairing pass (pairs/pairing.c) after every file is checked, not per
 * function. They are here so that -W, --list-rules and SARIF know them.
 */
#include "rule.h"

static const struct rule rules[] = {
	{ "pair-missing-acquire", SEV_WARNING, FIX_NONE, NULL,
	  "the writer orders two stores (`smp_wmb()`, release, "
	  "`rcu_assign_pointer()`, `smp_mb()`); a reader reads them in the "
	  "other order with nothing ordering its reads (MP), or stores after "
	  "its read (S)" },
	{ "pair-missing-release", SEV_WARNING, FIX_NONE, NULL,
	  "the reader orders its reads (rmb, acquire, dependency); the writer "
	  "does not order its stores" },
	{ "pair-wrong-barrier", SEV_WARNING, FIX_NONE, NULL,
	  "both sides order, one with the wrong kind: `smp_rmb()` between "
	  "stores, `smp_wmb()` between loads, release/acquire for store "
	  "buffering" },
	{ "sb-needs-full-barrier", SEV_WARNING, FIX_NONE, NULL,
	  "store buffering (a store then a load on each side) with `smp_mb()` "
	  "on one side and nothing on the other" },
	{ "pair-unpaired-barrier", SEV_NOTE, FIX_NONE, NULL,
	  "an `smp_wmb()`/`smp_rmb()` whose flag others access but that nobody "
	  "reads (writes) in the other order, or whose \"pairs with\" comment "
	  "names a function not in the tree" },
};

const struct rule_family family_pairs = { "pairing across functions and files",
					  rules,
					  sizeof(rules) / sizeof(rules[0]) };
