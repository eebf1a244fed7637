// SPDX-License-Identifier: GPL-2.0
/* The facts store in SQLite. */
#include "store.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../util.h"

/* A new layout is a new number: older stores are then emptied, not misread. */
/* 2: every call a fact, absolute paths; 3: a field's object path and a
 * store's value's; 4: the names of the locks held (locksets.h); 5: the
 * functions stored where indirect calls read them (P rows, bindings.h);
 * 6: a bitop's bit (BIT_ARG rows). A fence's neighbours (facts.h, FN_*)
 * are an optional last field of its row, not a new layout: a row of
 * before them reads as a fence with no call beside it, so a stored tree
 * is still read whole, and a file gains them when it is checked again */
#define STORE_SCHEMA "6"

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS meta(k TEXT PRIMARY KEY, v TEXT);"
	"CREATE TABLE IF NOT EXISTS tu("
	" file TEXT PRIMARY KEY," /* the TU's source file, absolute */
	" command TEXT NOT NULL," /* hash of its command and our config */
	" inputs TEXT NOT NULL," /* inputs_write()'s lines */
	" diags TEXT NOT NULL," /* findings, in the workers' record form */
	" facts TEXT NOT NULL," /* facts_write_tu()'s lines */
	" checked INTEGER NOT NULL," /* unix time */
	" host TEXT NOT NULL);";

struct facts_store {
	sqlite3 *db;
	char *path;
};

static int fail(struct facts_store *s, const char *what)
{
	fprintf(stderr, "ordercheck: facts store %s: %s: %s\n", s->path, what,
		sqlite3_errmsg(s->db));
	return -1;
}

static int exec(struct facts_store *s, const char *sql)
{
	char *msg = NULL;

	if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) == SQLITE_OK)
		return 0;
	fprintf(stderr, "ordercheck: facts store %s: %s\n", s->path,
		msg ? msg : "error");
	sqlite3_free(msg);
	return -1;
}

/* The schema number the store has, "" if none. */
static char *schema_of(struct facts_store *s)
{
	sqlite3_stmt *st;
	char *v = xstrdup("");

	if (sqlite3_prepare_v2(s->db, "SELECT v FROM meta WHERE k='schema'", -1,
			       &st, NULL) != SQLITE_OK)
		return v;
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
		free(v);
		v = xstrdup((const char *)sqlite3_column_text(st, 0));
	}
	sqlite3_finalize(st);
	return v;
}

/*
 * Whether SQLite finds the file damaged: a file that is not a database at
 * all, a truncated one (a CI job killed mid-write, a partial cache
 * restore), a page overwritten. quick_check reads every page once.
 */
static bool damaged(int rc, struct facts_store *s)
{
	sqlite3_stmt *st;
	bool bad = false;

	if (rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT)
		return true;
	if (rc != SQLITE_OK)
		return false;
	if (sqlite3_prepare_v2(s->db, "PRAGMA quick_check(1)", -1, &st, NULL) !=
	    SQLITE_OK) {
		rc = sqlite3_errcode(s->db);
		return rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		bad = strcmp((const char *)sqlite3_column_text(st, 0) ?: "",
			     "ok") != 0;
	else
		bad = rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT;
	sqlite3_finalize(st);
	return bad;
}

/* Whether @sql, a query, gives a row. */
static bool has_row(struct facts_store *s, const char *sql)
{
	sqlite3_stmt *st;
	bool row;

	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return false;
	row = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return row;
}

/*
 * Whether the file is someone else's database: it has tables but no
 * schema row of ours. A store whose first run stopped between creating
 * its tables and writing that row is ours: only meta and tu, both empty.
 * Reads only; a file that is no database at all is not foreign but
 * damaged (damaged()).
 */
static bool foreign(struct facts_store *s)
{
	char *have = schema_of(s);
	bool ours = have[0] != '\0';

	free(have);
	if (ours)
		return false;
	return has_row(s, "SELECT 1 FROM sqlite_master WHERE type='table'"
			  " AND name NOT IN ('meta','tu')") ||
	       (has_row(s, "SELECT 1 FROM sqlite_master WHERE name='meta'") &&
		has_row(s, "SELECT 1 FROM meta")) ||
	       (has_row(s, "SELECT 1 FROM sqlite_master WHERE name='tu'") &&
		has_row(s, "SELECT 1 FROM tu"));
}

static struct facts_store *open_store(const char *path, bool check,
				      bool *corrupt, char **err)
{
	struct facts_store *s = xcalloc(1, sizeof(*s));
	char *have;
	int rc;

	s->path = xstrdup(path);
	if (sqlite3_open_v2(path, &s->db,
			    SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
			    NULL) != SQLITE_OK) {
		*err = xasprintf("cannot open facts store %s: %s", path,
				 s->db ? sqlite3_errmsg(s->db) : "no memory");
		goto bad;
	}
	sqlite3_busy_timeout(s->db, 10000);
	/* damage first: a damaged page can look like someone's table */
	if (check && damaged(SQLITE_OK, s)) {
		rc = sqlite3_errcode(s->db);
		*corrupt = true;
		*err = xasprintf("facts store %s is damaged: %s", path,
				 rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT ?
					 sqlite3_errmsg(s->db) :
					 "quick_check failed");
		goto bad;
	}
	/* before our CREATE TABLEs write into it */
	if (foreign(s)) {
		*err = xasprintf("%s is not an ordercheck facts store: an "
				 "SQLite database with tables of its own; "
				 "refusing to write into it",
				 path);
		goto bad;
	}
	/* a file that is not a database fails here, with SQLite's words */
	rc = sqlite3_exec(s->db, schema, NULL, NULL, NULL);
	if (check && rc != SQLITE_OK && damaged(rc, s)) {
		*corrupt = true;
		*err = xasprintf("facts store %s is damaged: %s", path,
				 sqlite3_errmsg(s->db));
		goto bad;
	}
	if (rc != SQLITE_OK) {
		*err = xasprintf("cannot use facts store %s: %s", path,
				 sqlite3_errmsg(s->db));
		goto bad;
	}
	have = schema_of(s);
	if (strcmp(have, STORE_SCHEMA) &&
	    (exec(s, "DELETE FROM tu") ||
	     exec(s,
		  "INSERT OR REPLACE INTO meta VALUES('schema','" STORE_SCHEMA
		  "')"))) {
		free(have);
		*err = xasprintf("cannot initialise facts store %s", path);
		goto bad;
	}
	free(have);
	return s;
bad:
	store_close(s);
	return NULL;
}

struct facts_store *store_open(const char *path, char **err)
{
	bool corrupt = false;

	return open_store(path, false, &corrupt, err);
}

struct facts_store *store_open_or_rebuild(const char *path, char **err)
{
	bool corrupt = false;
	struct facts_store *s = open_store(path, true, &corrupt, err);
	char *aside;

	if (s || !corrupt)
		return s;
	/*
	 * A cache, not a record: set it aside for whoever wants to look,
	 * and start again, so that one interrupted job does not break
	 * every job after it. Every file is then parsed again.
	 */
	aside = xasprintf("%s.corrupt", path);
	if (rename(path, aside)) {
		fprintf(stderr,
			"ordercheck: warning: %s; cannot move it to "
			"%s: %s\n",
			*err, aside, strerror(errno));
		free(aside);
		return NULL;
	}
	fprintf(stderr,
		"ordercheck: warning: %s; moved to %s, rebuilding "
		"it (every file is parsed again)\n",
		*err, aside);
	free(aside);
	free(*err);
	*err = NULL;
	/* a journal of the damaged file must not be replayed into the new */
	aside = xasprintf("%s-journal", path);
	unlink(aside);
	free(aside);
	aside = xasprintf("%s-wal", path);
	unlink(aside);
	free(aside);
	return open_store(path, false, &corrupt, err);
}

void store_close(struct facts_store *s)
{
	if (!s)
		return;
	sqlite3_close(s->db);
	free(s->path);
	free(s);
}

void store_row_free(struct store_row *r)
{
	free(r->file);
	free(r->command);
	free(r->inputs);
	free(r->diags);
	free(r->facts);
	memset(r, 0, sizeof(*r));
}

static char *column(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);

	return xstrdup(t ? (const char *)t : "");
}

int store_get(struct facts_store *s, const char *file, struct store_row *out)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(s->db,
			       "SELECT file, command, inputs, diags, facts, "
			       "checked FROM tu WHERE file=?",
			       -1, &st, NULL) != SQLITE_OK)
		return fail(s, "read");
	sqlite3_bind_text(st, 1, file, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		out->file = column(st, 0);
		out->command = column(st, 1);
		out->inputs = column(st, 2);
		out->diags = column(st, 3);
		out->facts = column(st, 4);
		out->checked = sqlite3_column_int64(st, 5);
		rc = 1;
	} else {
		rc = rc == SQLITE_DONE ? 0 : fail(s, "read");
	}
	sqlite3_finalize(st);
	return rc;
}

static int put(sqlite3 *db, const struct store_row *r, const char *host)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(
		    db, "INSERT OR REPLACE INTO tu VALUES(?,?,?,?,?,?,?)", -1,
		    &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, r->file, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, r->command, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, r->inputs ? r->inputs : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, r->diags ? r->diags : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, r->facts ? r->facts : "", -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 6,
			   r->checked ? r->checked : (long long)time(NULL));
	sqlite3_bind_text(st, 7, host, -1, SQLITE_STATIC);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
	sqlite3_finalize(st);
	return rc;
}

static const char *hostname(void)
{
	static char h[256];

	if (!h[0] && gethostname(h, sizeof(h) - 1))
		strcpy(h, "unknown");
	return h;
}

int store_put(struct facts_store *s, const struct store_row *r)
{
	return put(s->db, r, hostname()) ? fail(s, "write") : 0;
}

int store_begin(struct facts_store *s)
{
	return exec(s, "BEGIN IMMEDIATE");
}

int store_commit(struct facts_store *s)
{
	return exec(s, "COMMIT");
}

char *store_meta_get(struct facts_store *s, const char *key)
{
	sqlite3_stmt *st;
	char *v = NULL;

	if (sqlite3_prepare_v2(s->db, "SELECT v FROM meta WHERE k=?", -1, &st,
			       NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		v = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return v;
}

int store_meta_put(struct facts_store *s, const char *key, const char *value)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(s->db,
			       "INSERT OR REPLACE INTO meta VALUES(?, ?)", -1,
			       &st, NULL) != SQLITE_OK)
		return fail(s, "write");
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : fail(s, "write");
}

int store_delete_if(struct facts_store *s,
		    bool (*drop)(const char *file, void *arg), void *arg)
{
	sqlite3_stmt *st;
	char **gone = NULL;
	unsigned n = 0, i;
	int rc;

	if (sqlite3_prepare_v2(s->db, "SELECT file FROM tu", -1, &st, NULL) !=
	    SQLITE_OK)
		return fail(s, "read");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *file = (const char *)sqlite3_column_text(st, 0);

		if (file && drop(file, arg)) {
			gone = xrealloc(gone, (n + 1) * sizeof(*gone));
			gone[n++] = xstrdup(file);
		}
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		rc = fail(s, "read");
		goto out;
	}
	rc = 0;
	if (!n)
		goto out;
	if (sqlite3_prepare_v2(s->db, "DELETE FROM tu WHERE file=?", -1, &st,
			       NULL) != SQLITE_OK) {
		rc = fail(s, "write");
		goto out;
	}
	rc = store_begin(s);
	for (i = 0; i < n && !rc; i++) {
		sqlite3_bind_text(st, 1, gone[i], -1, SQLITE_STATIC);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = fail(s, "write");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	if (!rc)
		rc = store_commit(s);
	else
		exec(s, "ROLLBACK");
	rc = rc ? -1 : (int)n;
out:
	for (i = 0; i < n; i++)
		free(gone[i]);
	free(gone);
	return rc;
}

/* The rows of the files @want keeps, one at a time, in file order. */
static int each_wanted(struct facts_store *s,
		       bool (*want)(const char *file, void *arg),
		       void (*fn)(const struct store_row *r, void *arg),
		       void *arg)
{
	sqlite3_stmt *names, *row;
	struct store_row r = { 0 };
	int rc, rrc = SQLITE_DONE;

	/* the names alone: a row's large columns are not read for them */
	if (sqlite3_prepare_v2(s->db, "SELECT file FROM tu ORDER BY file", -1,
			       &names, NULL) != SQLITE_OK)
		return fail(s, "read");
	if (sqlite3_prepare_v2(s->db,
			       "SELECT facts, diags FROM tu WHERE file=?", -1,
			       &row, NULL) != SQLITE_OK) {
		sqlite3_finalize(names);
		return fail(s, "read");
	}
	while ((rc = sqlite3_step(names)) == SQLITE_ROW) {
		r.file = (char *)sqlite3_column_text(names, 0);
		if (!r.file || !want(r.file, arg))
			continue;
		sqlite3_bind_text(row, 1, r.file, -1, SQLITE_STATIC);
		rrc = sqlite3_step(row);
		if (rrc == SQLITE_ROW) {
			r.facts = (char *)sqlite3_column_text(row, 0);
			r.diags = (char *)sqlite3_column_text(row, 1);
			if (r.facts)
				fn(&r, arg);
			rrc = SQLITE_DONE;
		} else if (rrc != SQLITE_DONE) {
			break;
		}
		sqlite3_reset(row);
	}
	sqlite3_finalize(row);
	sqlite3_finalize(names);
	return rc == SQLITE_DONE && rrc == SQLITE_DONE ? 0 : fail(s, "read");
}

int store_each(struct facts_store *s, bool (*want)(const char *file, void *arg),
	       void (*fn)(const struct store_row *r, void *arg), void *arg)
{
	sqlite3_stmt *st;
	struct store_row r = { 0 };
	int rc;

	if (want)
		return each_wanted(s, want, fn, arg);
	if (sqlite3_prepare_v2(
		    s->db, "SELECT file, facts, diags FROM tu ORDER BY file",
		    -1, &st, NULL) != SQLITE_OK)
		return fail(s, "read");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		r.file = (char *)sqlite3_column_text(st, 0);
		r.facts = (char *)sqlite3_column_text(st, 1);
		r.diags = (char *)sqlite3_column_text(st, 2);
		if (r.file && r.facts)
			fn(&r, arg);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : fail(s, "read");
}

int store_merge(const char *dst, char **srcs, int nsrcs)
{
	char *err = NULL, *sql;
	struct facts_store *d = store_open(dst, &err), *probe;
	int i, rc = 0;

	if (!d) {
		fprintf(stderr, "ordercheck: %s\n", err);
		free(err);
		return -1;
	}
	for (i = 0; i < nsrcs && !rc; i++) {
		/* opening it first gives a clear error for a file that is not
		 * a store, and brings an old one to this schema */
		if (access(srcs[i], R_OK)) {
			fprintf(stderr, "ordercheck: %s: %s\n", srcs[i],
				strerror(errno));
			rc = -1;
			break;
		}
		probe = store_open(srcs[i], &err);
		if (!probe) {
			fprintf(stderr, "ordercheck: %s\n", err);
			free(err);
			err = NULL;
			rc = -1;
			break;
		}
		store_close(probe);
		sql = sqlite3_mprintf(
			"ATTACH %Q AS src;"
			"BEGIN;"
			"INSERT OR REPLACE INTO tu SELECT s.* FROM src.tu s"
			" LEFT JOIN tu m ON m.file = s.file"
			" WHERE m.file IS NULL OR s.checked > m.checked;"
			"COMMIT;"
			"DETACH src;",
			srcs[i]);
		rc = exec(d, sql);
		sqlite3_free(sql);
	}
	store_close(d);
	return rc;
}
