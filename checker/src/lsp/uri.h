/* SPDX-License-Identifier: GPL-2.0 */
/* file:// URIs (RFC 8089) to paths and back. */
#ifndef ORDERCHECK_LSP_URI_H
#define ORDERCHECK_LSP_URI_H

/*
 * The absolute, normalised path of a file URI, or NULL when it is not one
 * (untitled:, a remote host, a NUL byte). malloc'd.
 */
char *uri_to_path(const char *uri);

/* file:///abs/path with everything but unreserved characters escaped. */
char *uri_from_path(const char *abs);

/* An absolute, lexically normalised path for @path (relative to cwd). */
char *path_absolute(const char *path);

#endif
