/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The text of a TU's file: libclang's, or, in the editor's worker, a copy
 * kept between re-checks. With a precompiled preamble, each
 * clang_getFileContents() of a header scans the source-location entries
 * the preamble holds, reading each from the PCH: on a kernel TU the
 * headers a re-check reads cost more than its re-parse.
 */
#ifndef ORDERCHECK_FILETEXT_H
#define ORDERCHECK_FILETEXT_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * Keep copies from now on (the LSP worker). Off by default: a command
 * line run reads each TU once.
 */
void filetext_keep(bool on);

/*
 * The text of @f, as clang_getFileContents(): NULL when it has none.
 * A kept copy serves while the file on disk has the size, modification
 * time and inode libclang saw; the main file (the editor's buffer) is
 * never kept.
 */
const char *filetext_of(CXTranslationUnit tu, CXFile f, size_t *len);

/*
 * Between checks (no text handed out is in use): drop the copies no
 * check used for @max_age checks, and all of them when they hold more
 * than @max_bytes.
 */
void filetext_trim(unsigned max_age, size_t max_bytes);

void filetext_free(void);

#endif
