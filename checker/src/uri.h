/* SPDX-License-Identifier: GPL-2.0 */
/* file:// URIs (RFC 8089) from paths and back: SARIF's and the editor's. */
#ifndef ORDERCHECK_URI_H
#define ORDERCHECK_URI_H

#include <stdbool.h>

/*
 * The absolute, normalised path of a file URI, or NULL when it is not one
 * (untitled:, a remote host, a NUL byte). malloc'd.
 */
char *uri_to_path(const char *uri);

/*
 * @path with everything but unreserved characters and '/' escaped:
 * file:///abs/path for an absolute path, a relative reference for a
 * relative one (SARIF resolves it against a base); @dir adds the final '/'
 * a directory's URI needs to be a base. malloc'd.
 */
char *uri_from_path(const char *path, bool dir);

#endif
