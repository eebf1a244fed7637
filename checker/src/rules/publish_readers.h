/* SPDX-License-Identifier: GPL-2.0 */
/*
 * publish-then-init's question to the whole tree. The rule sees one
 * function: an object published, then a field of it stored. Whether a
 * reader can see that field before the store is a question about the
 * readers: which functions read the field, and under which locks.
 */
#ifndef ORDERCHECK_RULES_PUBLISH_READERS_H
#define ORDERCHECK_RULES_PUBLISH_READERS_H

#include <stdbool.h>

#include "../diag.h"
#include "../pairs/facts.h"
#include "tree_explain.h"

/*
 * How a finding says that it stands for more stores than its own, and
 * names the first PUBLISH_NOTED_STORES of them in notes: each is judged
 * by its readers as the finding's own store is.
 */
#define PUBLISH_MORE_STORES " more store"
/* and by what: "published to lockless readers by list_add_rcu()" */
#define PUBLISH_BY "published to lockless readers by "
#define PUBLISH_NOTED_STORES 8
#define PUBLISH_ALSO_START "also initialises '"
#define PUBLISH_ALSO PUBLISH_ALSO_START "%s' "
#define PUBLISH_ALSO_IN PUBLISH_ALSO "in "

/*
 * Drop from @diags the publish-then-init findings whose stored fields no
 * reader of @set reads without a lock the store holds too: each reader
 * takes that lock after the publisher lets it go, and sees the field
 * stored. A finding with more stores loses the notes of those out of
 * reach, and names one that is not. Where @whole (@set holds every TU of the program), a field no
 * function of @set reads is dropped too: nothing reads what it names.
 * @set's locksets must include the callers' (facts_caller_locks()).
 * With @explain, says on its output why each finding of its lines goes.
 */
void publish_readers_filter(const struct fact_set *set, bool whole,
			    struct diag_list *diags,
			    const struct tree_explain *explain);

/* @diags holds a finding publish_readers_filter() would look at. */
bool publish_readers_wanted(const struct diag_list *diags);

#endif
