/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The facts store: one SQLite file per build directory, a row per
 * translation unit with what checking it gave (findings, facts) and what
 * it was read from, so that an unchanged file is not parsed again and the
 * pairing pass sees the whole tree. Rows from several machines merge.
 */
#ifndef ORDERCHECK_PAIRS_STORE_H
#define ORDERCHECK_PAIRS_STORE_H

#include <stdbool.h>

struct facts_store;

/* Open or create @path; NULL with *err set (malloc) if it cannot. */
struct facts_store *store_open(const char *path, char **err);
/*
 * The same for a run's own store: a damaged one (not a database,
 * truncated, failing SQLite's quick_check) is moved to @path.corrupt,
 * with a warning on stderr, and a new one is created in its place.
 */
struct facts_store *store_open_or_rebuild(const char *path, char **err);
void store_close(struct facts_store *s);

/* A TU's row, strings owned by the caller (free()). */
struct store_row {
	char *file, *command, *inputs, *diags, *facts;
	long long checked; /* unix time of the check */
};
void store_row_free(struct store_row *r);

/* The row of @file; 1 found, 0 not, -1 on error. */
int store_get(struct facts_store *s, const char *file, struct store_row *out);

/* Replace @file's row. 0, or -1 with the reason on stderr. */
int store_put(struct facts_store *s, const struct store_row *r);

int store_begin(struct facts_store *s);
int store_commit(struct facts_store *s);

/*
 * Call @fn on every row (file, facts and diags only are set) for which
 * @want (NULL: every row) says true of its file: the facts of the rows it
 * refuses are not read.
 */
int store_each(struct facts_store *s, bool (*want)(const char *file, void *arg),
	       void (*fn)(const struct store_row *r, void *arg), void *arg);

/*
 * Delete the rows whose file @drop says true of: how many, or -1 with the
 * reason on stderr.
 */
int store_delete_if(struct facts_store *s,
		    bool (*drop)(const char *file, void *arg), void *arg);

/*
 * A value of the store's own, by name (the whole-tree pass's last result):
 * a malloc'ed copy or NULL; 0 or -1 to put.
 */
char *store_meta_get(struct facts_store *s, const char *key);
int store_meta_put(struct facts_store *s, const char *key, const char *value);

/*
 * Copy the rows of the stores @srcs into @dst, newer checks winning: the
 * stores of several machines (or CI jobs) become one. 0, or -1 with the
 * reason on stderr.
 */
int store_merge(const char *dst, char **srcs, int nsrcs);

#endif
