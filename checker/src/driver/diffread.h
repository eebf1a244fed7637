/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reader of what `git diff --numstat -p -z -U0` prints, for
 * --changed-since: which lines of which files a change adds. Kept apart
 * from running git so that it can be fuzzed (fuzz/diffread.c).
 */
#ifndef ORDERCHECK_DRIVER_DIFFREAD_H
#define ORDERCHECK_DRIVER_DIFFREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct changed_lines;

/* Nothing changed yet; paths git prints are relative to @root. */
struct changed_lines *changed_lines_new(const char *root);
void changed_lines_free(struct changed_lines *c);

/*
 * Reads @buf[0..@len): git's numstat records, NUL-terminated, an empty
 * record, then the patch, as git diff --numstat -p -z -U0 --text
 * --src-prefix=a/ --dst-prefix=b/ prints them. The numstat is the check
 * on the patch: every added line it counts must be read from the patch.
 * Returns 0, or -1 after naming on @err each file whose changes could
 * not be read (its findings cannot be told apart).
 */
int changed_lines_read(struct changed_lines *c, const char *buf, size_t len,
		       FILE *err);

/* Every line of @rel[0..@n) (relative to the root) is new: untracked. */
void changed_lines_whole(struct changed_lines *c, const char *rel, size_t n);

/* Whether line @line of @abs (an absolute, resolved path) changed. */
bool changed_lines_has(const struct changed_lines *c, const char *abs,
		       unsigned line);

#endif
