/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the editor keeps between re-checks of one document
 * (docs/incremental.md): the functions its TU builds (prefix.c), and the
 * dialect its inclusions vote for (includes.c). The builder sees it only
 * through doc_memo_hooks (events/seam.h).
 */
#ifndef ORDERCHECK_MEMO_MEMO_H
#define ORDERCHECK_MEMO_MEMO_H

#include <stdbool.h>

#include "../events/seam.h"

struct doc_memo;
struct doc_memo *doc_memo_new(void);
void doc_memo_free(struct doc_memo *d);
/* build_opts.hooks for a build of @d's document, with hooks_ctx = @d */
extern const struct build_hooks doc_memo_hooks;
/*
 * The functions the last build took from @d, of headers and of the main
 * file, and the macro definitions and expansions, of its table's @table
 * (a local view's)
 */
struct memo_kept {
	unsigned header, main, record, table;
};
struct memo_kept doc_memo_reused(const struct doc_memo *d);
/*
 * False when a local view of the TU (build_opts) cannot be made up for
 * from @d: a header function the memo builds again at each check is not
 * found where it was recorded (one a macro writes: clang_getCursor()
 * gives the expansion), or the view's first macro is not the record's.
 * Its re-checks are to walk the whole TU.
 */
bool doc_memo_local_ok(const struct doc_memo *d);

#endif
