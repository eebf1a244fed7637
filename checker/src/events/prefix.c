// SPDX-License-Identifier: GPL-2.0
/*
 * The prefix memo (build.h): the functions a TU builds, kept between the
 * editor's re-checks. The header functions built before the main file's
 * first function (the prefix) are kept while the text before it and the
 * included files are as they were; the main file's functions are kept
 * while the text their build read is (memo_edit.c).
 *
 * Why what is kept is what a fresh build would make: a TU is parsed left
 * to right, so the declarations before the main file's first function
 * (at offset P of the main file) depend only on the main file's text
 * before P, on the files it includes there and on the flags. The flags
 * are the TU's (a new TU gets a new memo); the included files are the
 * include memo's (includes.c: their stat and the main file's
 * preprocessor lines); the text before P is compared by its hash, and
 * the new first function must start at P too.
 *
 * A function of the prefix whose build read past P is built again, in
 * its place: one that calls, however deep, a callee defined in the main
 * file (a header's inline function calling io_schedule_timeout()), or
 * in a file none of the prefix's functions was seen in yet (unless all
 * such files are by P: memalloc_retry_wait() reaches blk_flush_plug()
 * in a header included after its own). So is every callee summary made
 * from such a callee ("tainted"). On a walk that does not show the
 * prefix (build.h's local view), one that read only the main file's
 * text is kept instead while that text is as it was (its spans, as
 * those past P), and so are the summaries it made: the memo keeps
 * them, a fresh build would make them the same.
 *
 * The memo is not kept at all when a build of the prefix that is not
 * tainted used a macro definition the main file makes from P on (a
 * tainted one is made again, with the definitions of the text then, or
 * kept while they are: a change to one is a directive's).
 *
 * Past P, each build recorded the spans of the main file's text it read
 * (its definition, its callees' however deep); one whose spans the edit
 * left alone is taken, moved with the text after the edit; the others
 * are built again in their place and marked stale. The recorded
 * functions are matched to the walk's cursors in order: those the edit
 * removed are skipped, those it added built.
 *
 * What the builds of the kept functions left in the builder is given
 * back, in the order the functions were built, so that a function built
 * again sees what it would have seen: the callee summaries they made
 * (found by file name and offset; not when a function built again made
 * one first), the macro expansions each claimed (macros.h), and their
 * keys in the seen set. Findings are not kept: the rules run on every
 * function, the kept ones included, at each check.
 *
 * Not covered: a header included again after P without a guard,
 * defining a function at an offset of a file the prefix's functions
 * were seen in.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "tu.h"

struct pm_sum {
	const char *name; /* interned file name */
	unsigned off;
	bool stale; /* read what an edit since changed */
	struct summary s;
};

/* A summary a function's build made, by where its callee is defined. */
struct pm_made {
	const char *name;
	unsigned off;
};

struct pm_claim {
	const char *name;
	unsigned off;
	int plan; /* -1: the expansion itself; else its plan's entry */
	unsigned fn; /* claimed by the build of the prefix's fn'th */
};

struct pm_fn {
	struct function_ir *ir;
	const char *name; /* interned file name */
	unsigned off;
	/*
	 * the prefix's: built again at each reuse, or, @tainted_out not
	 * set, kept while the main file's text it read is as it was; the
	 * rest's: never kept
	 */
	bool tainted, tainted_out;
	bool tainted_main; /* read the main file's text (too) */
	/* the main file's text its build read (memo_edit.c) */
	struct pm_span *reads;
	unsigned nreads;
	bool stale; /* read what an edit since changed: never kept */
	bool taken; /* by this reuse */
	unsigned made, nmade; /* the summaries its build made: made_by[] */
	char *seen; /* its key in the seen set, or NULL */
};

/* The claims log of a recording build. */
struct pm_log {
	struct macro_exp *m;
	unsigned fn;
};

struct prefix_memo {
	bool valid;
	/* a local view cannot be made up for (prefix_memo_local_ok()) */
	bool no_local;
	unsigned reused, reused_main; /* by the last build; of the main file */
	/* macros of the record, by the last build, of its table's */
	unsigned reused_record, table;
	struct strset *names; /* file names, and displays */
	size_t main_len; /* P */
	uint64_t main_hash;
	struct pm_fn *fns; /* every function the recording built, in order */
	unsigned nfns;
	unsigned first_main; /* fns[first_main] is the first one past P */
	/* the main file's, recorded, and moved to each edit since */
	char *text;
	size_t text_len;
	const char *main_name; /* its interned name */
	bool main_ok; /* a reuse: the edit leaves functions past P to keep */
	bool taking; /* a reuse past P: functions may be kept */
	struct arena *arena;
	struct evlist kept;
	const char **files; /* the files the functions' events point into */
	unsigned nfiles;
	/* untainted, or the prefix's from the main file; by name, offset */
	struct pm_sum *sums;
	unsigned nsums;
	struct pm_made *made_by; /* by creator, past the prefix */
	struct pm_claim *claims; /* by fn */
	unsigned nclaims;
	/* callees of the prefix's functions defined nowhere then */
	struct strset *undef;
	/* a build: recording the next key, or reusing: where it is */
	char *pending_seen;
	unsigned next_fn, next_claim;
	struct pp_memo *pp; /* the recording's preprocessing record */
	const char **cnames; /* the claims' files, sorted */
	CXFile *cfiles; /* and this build's CXFile for each */
	unsigned ncnames;
};

struct prefix_memo *prefix_memo_new(void)
{
	struct prefix_memo *m = xcalloc(1, sizeof(*m));

	m->names = strset_new();
	return m;
}

static void build_state_free(struct prefix_memo *m)
{
	free(m->pending_seen);
	free(m->cnames);
	free(m->cfiles);
	m->pending_seen = NULL;
	m->cnames = NULL;
	m->cfiles = NULL;
	m->ncnames = 0;
}

static void forget(struct prefix_memo *m)
{
	unsigned i;

	for (i = 0; i < m->nfns; i++) {
		if (m->fns[i].ir && m->fns[i].ir->borrowed)
			event_free_list(&m->fns[i].ir->body);
		free(m->fns[i].seen);
		free(m->fns[i].reads);
	}
	free(m->fns);
	event_free_list(&m->kept);
	arena_free(m->arena);
	free(m->files);
	free(m->sums);
	free(m->made_by);
	m->made_by = NULL;
	free(m->claims);
	strset_free(m->undef);
	m->undef = NULL;
	build_state_free(m);
	free(m->text);
	m->text = NULL;
	m->text_len = 0;
	pp_memo_free(m->pp);
	m->pp = NULL;
	m->fns = NULL;
	m->nfns = m->first_main = 0;
	memset(&m->kept, 0, sizeof(m->kept));
	m->arena = NULL;
	m->files = NULL;
	m->nfiles = 0;
	m->sums = NULL;
	m->nsums = 0;
	m->claims = NULL;
	m->nclaims = 0;
	m->valid = false;
}

void prefix_memo_free(struct prefix_memo *m)
{
	if (!m)
		return;
	forget(m);
	strset_free(m->names);
	free(m);
}

bool prefix_memo_local_ok(const struct prefix_memo *m)
{
	return !m || !m->no_local;
}

struct memo_kept prefix_memo_reused(const struct prefix_memo *m)
{
	struct memo_kept k = { 0, 0, 0, 0 };

	if (m) {
		k.header = m->reused - m->reused_main;
		k.main = m->reused_main;
		k.record = m->reused_record;
		k.table = m->table;
	}
	return k;
}

const char *prefix_display(struct builder *b, const char *display)
{
	return strset_intern(b->pm->names, display, strlen(display));
}

static const char *name_of(struct prefix_memo *m, CXFile f)
{
	CXString s = clang_getFileName(f);
	const char *p = clang_getCString(s);
	const char *r = p ? strset_intern(m->names, p, strlen(p)) : NULL;

	clang_disposeString(s);
	return r;
}

static const char *find_name(struct prefix_memo *m, CXFile f)
{
	CXString s = clang_getFileName(f);
	const char *p = clang_getCString(s);
	const char *r = p ? strset_find(m->names, p) : NULL;

	clang_disposeString(s);
	return r;
}

static const char *main_text(struct builder *b, CXFile main, size_t *len)
{
	struct ir_file *fi = text_file(b, main);

	*len = fi->len;
	return fi->buf;
}

/* The main file's text the kept functions' reads are measured in. */
static void keep_text(struct prefix_memo *m, const char *buf, size_t len)
{
	free(m->text);
	m->text = xmalloc(len ? len : 1);
	memcpy(m->text, buf, len);
	m->text_len = len;
}

static int by_name_off(const void *pa, const void *pb);

/*
 * Half the main file's functions read what edits since changed, and
 * they are many: recorded again, rather than built at every check.
 */
static bool too_stale(const struct prefix_memo *m)
{
	unsigned i, stale = 0;

	for (i = m->first_main; i < m->nfns; i++)
		stale += m->fns[i].stale || m->fns[i].tainted;
	return stale > 32 && stale * 2 > m->nfns - m->first_main;
}

/*
 * Whether the edit is within the definition of one of the main file's
 * functions: one written elsewhere (a type, a global, a comment closed
 * early) can change how every function after it reads.
 */
static bool in_a_body(const struct prefix_memo *m, const struct memo_edit *e)
{
	unsigned i;

	for (i = m->first_main; i < m->nfns; i++) {
		const struct src_span *s = &m->fns[i].ir->span;

		if (m->fns[i].name == m->main_name && s->off < e->from &&
		    e->after <= s->end_off)
			return true;
	}
	return false;
}

/*
 * The memo moved to the new text @buf: what read the edited bytes
 * marked stale, what comes after them moved. False when it is better
 * recorded again.
 */
static bool move_to_edit(struct builder *b, struct prefix_memo *m, CXFile main,
			 const char *buf, size_t len)
{
	struct memo_edit e, wide;
	const char *shown = text_display(b, main);
	unsigned i;

	m->main_ok = false;
	if (!m->text || find_name(m, main) != m->main_name)
		return true;
	memo_edit_of(&e, m->text, m->text_len, buf, len);
	if (e.directive)
		return true;
	m->main_ok = true;
	if (e.same)
		return true;
	/* what read past such an edit is built again */
	wide = e;
	if (e.relexed || (e.code && !in_a_body(m, &e)))
		wide.after = UINT_MAX;
	for (i = 0; i < m->nfns; i++)
		if ((i >= m->first_main || m->fns[i].tainted) &&
		    !memo_edit_keeps(&wide, m->fns[i].reads, m->fns[i].nreads))
			m->fns[i].stale = true;
	for (i = 0; i < m->nsums; i++)
		if (!memo_edit_keeps(&wide, m->sums[i].s.reads,
				     m->sums[i].s.nreads))
			m->sums[i].stale = true;
	/* a local view is recorded again only from a new parse */
	if (!b->pm_local && too_stale(m))
		return false;
	for (i = 0; i < m->nfns; i++) {
		struct pm_fn *f = &m->fns[i];

		memo_edit_function(&e, shown, f->ir);
		memo_edit_spans(&e, f->reads, f->nreads);
		if (f->name == m->main_name)
			f->off = memo_edit_off(&e, f->off);
	}
	memo_edit_events(&e, shown, &m->kept);
	for (i = 0; i < m->nsums; i++) {
		struct pm_sum *s = &m->sums[i];

		memo_edit_spans(&e, s->s.reads, s->s.nreads);
		if (s->name == m->main_name)
			s->off = memo_edit_off(&e, s->off);
	}
	qsort(m->sums, m->nsums, sizeof(*m->sums), by_name_off);
	for (i = m->first_main; i < m->nfns; i++) {
		unsigned j;

		for (j = 0; j < m->fns[i].nmade; j++) {
			struct pm_made *d = &m->made_by[m->fns[i].made + j];

			if (d->name == m->main_name)
				d->off = memo_edit_off(&e, d->off);
		}
	}
	for (i = 0; i < m->nclaims; i++)
		if (m->claims[i].name == m->main_name)
			m->claims[i].off = memo_edit_off(&e, m->claims[i].off);
	keep_text(m, buf, len);
	return true;
}

bool prefix_begin(struct builder *b, struct tu_ir *out, CXFile main,
		  bool includes_same, unsigned *cap)
{
	struct prefix_memo *m = b->opts->prefix;
	size_t len;
	const char *buf;
	unsigned i;

	b->pm = m;
	b->pm_mode = PM_OFF;
	if (!m || !main)
		return true;
	b->pm_main = main;
	b->pm_fns_cap = cap;
	m->reused = m->reused_main = m->reused_record = m->table = 0;
	m->next_fn = m->next_claim = 0;
	m->taking = false;
	for (i = 0; i < m->nfns; i++)
		m->fns[i].taken = false;
	b->pm_prefix = true;
	buf = main_text(b, main, &len);
	if (m->valid && includes_same && buf && len >= m->main_len &&
	    hash64(buf, m->main_len, HASH64_INIT) == m->main_hash) {
		b->pm_mode = PM_REUSE;
		if (!move_to_edit(b, m, main, buf, len))
			goto record;
		*cap = m->nfns + 64;
		out->fns = xmalloc(*cap * sizeof(*out->fns));
		/* the texts the kept events point into: this check's */
		for (i = 0; i < m->nfiles; i++) {
			CXFile f = clang_getFile(b->tu, m->files[i]);

			if (!f)
				return false;
			text_file(b, f);
		}
		return true;
	}
record:
	forget(m);
	m->undef = strset_new();
	b->pm_mode = PM_RECORD;
	return true;
}

static int by_name_off(const void *pa, const void *pb)
{
	const struct pm_sum *a = pa, *b = pb;

	if (a->name != b->name)
		return (uintptr_t)a->name < (uintptr_t)b->name ? -1 : 1;
	return a->off < b->off ? -1 : a->off > b->off;
}

static int by_ptr(const void *pa, const void *pb)
{
	uintptr_t a = *(const uintptr_t *)pa, b = *(const uintptr_t *)pb;

	return a < b ? -1 : a > b;
}

bool prefix_splice(struct builder *b, CXFile main)
{
	bool ok = b->pm_mode == PM_REUSE &&
		  pp_memo_splice(b->pm->pp, &b->macros, main,
				 (unsigned)b->pm->main_len,
				 &b->pm->reused_record);

	b->pm->table = b->macros.n + b->macros.ndefs;
	/* not for an edit: it would fail again at every check */
	if (!ok && b->pm_mode == PM_REUSE)
		b->pm->no_local = true;
	return ok;
}

bool prefix_claims(struct builder *b, CXFile main)
{
	struct prefix_memo *m = b->pm;
	unsigned i, n = 0;

	if (b->pm_mode == PM_RECORD)
		b->macros.watch = main;
	if (b->pm_mode != PM_REUSE || !m->nclaims)
		return true;
	/* the claims' files, by interned name, as the macro table has them */
	m->cnames = xmalloc(m->nclaims * sizeof(*m->cnames));
	for (i = 0; i < m->nclaims; i++)
		m->cnames[i] = m->claims[i].name;
	qsort(m->cnames, m->nclaims, sizeof(*m->cnames), by_ptr);
	for (i = 0; i < m->nclaims; i++)
		if (!n || m->cnames[n - 1] != m->cnames[i])
			m->cnames[n++] = m->cnames[i];
	m->ncnames = n;
	m->cfiles = xcalloc(n, sizeof(*m->cfiles));
	for (i = 0; i < b->macros.n; i++) {
		const char *nm, **at;

		if (i && b->macros.v[i].file == b->macros.v[i - 1].file)
			continue;
		nm = find_name(m, b->macros.v[i].file);
		at = nm ? bsearch(&nm, m->cnames, n, sizeof(*m->cnames),
				  by_ptr) :
			  NULL;
		if (at)
			m->cfiles[at - m->cnames] = b->macros.v[i].file;
	}
	return true;
}

/* Reuse: claim again what the prefix's functions before @upto claimed. */
static bool claims_upto(struct builder *b, unsigned upto)
{
	struct prefix_memo *m = b->pm;

	for (; m->next_claim < m->nclaims && m->claims[m->next_claim].fn < upto;
	     m->next_claim++) {
		const struct pm_claim *c = &m->claims[m->next_claim];
		const char **at = bsearch(&c->name, m->cnames, m->ncnames,
					  sizeof(*m->cnames), by_ptr);
		CXFile f = at ? m->cfiles[at - m->cnames] : NULL;
		struct macro_exp *e =
			f ? macros_at(&b->macros, f, c->off) : NULL;

		if (!e)
			return false;
		if (c->plan < 0) {
			e->claimed = true;
			continue;
		}
		macros_plan(&b->macros, e);
		if ((unsigned)c->plan >= e->nplan)
			return false;
		e->plan[c->plan]->claimed = true;
	}
	return true;
}

/* Room for them all was made by prefix_begin(). */
static void push_fn(struct builder *b, struct tu_ir *out, struct function_ir *f)
{
	if (out->nfns == *b->pm_fns_cap) {
		*b->pm_fns_cap *= 2;
		out->fns =
			xrealloc(out->fns, *b->pm_fns_cap * sizeof(*out->fns));
	}
	out->fns[out->nfns++] = f;
}

/*
 * Reuse: the kept functions before the prefix's @upto'th into @out, and
 * what their builds did to the builder's state done again.
 */
static bool take_upto(struct builder *b, struct tu_ir *out, unsigned upto)
{
	struct prefix_memo *m = b->pm;

	for (; m->next_fn < upto; m->next_fn++) {
		struct pm_fn *f = &m->fns[m->next_fn];

		/*
		 * One that read only the main file's text, as it was: kept as
		 * in the file's functions (its summaries are the memo's). A
		 * local view does not show the others: found where they were.
		 */
		if (f->tainted &&
		    (!b->pm_local || f->tainted_out || f->stale)) {
			if (!b->pm_local || !claims_upto(b, m->next_fn))
				return false;
			if (!b->pm_build_at(b, f->name, f->off, f->ir->name)) {
				m->no_local = true;
				return false;
			}
			continue;
		}
		push_fn(b, out, f->ir);
		m->reused++;
		if (f->seen && b->opts->seen)
			seen_test_and_add(b->opts->seen, f->seen);
	}
	return claims_upto(b, upto);
}

bool prefix_rebuild(struct builder *b, struct tu_ir *out, struct floc at,
		    CXCursor c)
{
	struct prefix_memo *m = b->pm;
	unsigned t = m->next_fn;
	char *name;
	bool same;

	while (t < m->first_main && !m->fns[t].tainted)
		t++;
	if (t >= m->first_main || at.off != m->fns[t].off ||
	    find_name(m, at.file) != m->fns[t].name)
		return false;
	name = cursor_spelling(c);
	same = !strcmp(name, m->fns[t].ir->name);
	free(name);
	if (!same)
		return false;
	if (!take_upto(b, out, t)) {
		/* not to be: prefix_end() finds the memo not all taken */
		m->next_fn = m->nfns + 1;
		return false;
	}
	m->next_fn = t + 1;
	return true;
}

void prefix_visit(struct builder *b, CXFile f)
{
	unsigned i;

	if (b->pm_mode != PM_RECORD)
		return;
	/* functions come file by file: the last one is most likely */
	for (i = b->pm_nfiles; i-- > 0;)
		if (b->pm_files[i] == f)
			return;
	if (b->pm_nfiles == b->pm_cap) {
		b->pm_cap = b->pm_cap ? b->pm_cap * 2 : 64;
		b->pm_files =
			xrealloc(b->pm_files, b->pm_cap * sizeof(*b->pm_files));
	}
	b->pm_files[b->pm_nfiles++] = f;
}

void prefix_undefined(struct builder *b, CXCursor callee)
{
	char *name;

	if (b->pm_mode != PM_RECORD || clang_Cursor_isNull(callee))
		return;
	name = cursor_spelling(callee);
	strset_add(b->pm->undef, name);
	free(name);
}

bool prefix_main_def(struct builder *b, const char *name)
{
	return b->pm_mode != PM_REUSE || !b->pm->undef ||
	       !strset_has(b->pm->undef, name);
}

bool prefix_outside(struct builder *b, CXFile f)
{
	unsigned i;

	if (b->pm_mode != PM_RECORD || !b->pm_prefix)
		return false;
	for (i = b->pm_nfiles; i-- > 0;)
		if (b->pm_files[i] == f)
			return false;
	if (f == b->pm_main)
		return true;
	for (i = b->pm_nouts; i-- > 0;)
		if (b->pm_outs[i] == f)
			return true;
	if (b->pm_nouts == b->pm_outs_cap) {
		b->pm_outs_cap = b->pm_outs_cap ? b->pm_outs_cap * 2 : 16;
		b->pm_outs = xrealloc(b->pm_outs,
				      b->pm_outs_cap * sizeof(*b->pm_outs));
	}
	b->pm_outs[b->pm_nouts++] = f;
	return true;
}

/*
 * At the end of the prefix: a header that was not yet among the prefix's
 * files when a build reached it, and is now, is included before the main
 * file's first function, its text as stable as the others'. When all
 * are, what read them is tainted only for what it read of the main file.
 */
static void outs_seen(struct builder *b)
{
	struct prefix_memo *m = b->pm;
	unsigned i, j;

	for (i = 0; i < b->pm_nouts; i++) {
		for (j = 0; j < b->pm_nfiles && b->pm_files[j] != b->pm_outs[i];
		     j++)
			;
		if (j == b->pm_nfiles)
			return;
	}
	for (i = 0; i < m->nfns; i++)
		if (m->fns[i].tainted_out) {
			m->fns[i].tainted_out = false;
			m->fns[i].tainted = m->fns[i].tainted_main;
		}
	for (i = 0; i < b->nsummaries; i++)
		if (b->summaries[i].tainted_out) {
			b->summaries[i].tainted_out = false;
			b->summaries[i].tainted = b->summaries[i].tainted_main;
		}
}

void prefix_seen_key(struct builder *b, const char *key)
{
	if (b->pm_mode != PM_RECORD || !b->pm_prefix)
		return;
	free(b->pm->pending_seen);
	b->pm->pending_seen = xstrdup(key);
}

void prefix_planned(struct builder *b, const struct macro_exp *u)
{
	if (b->pm_mode == PM_RECORD && b->pm_prefix && !b->pm_taint &&
	    u->watch_end > b->pm_watch_end)
		b->pm_watch_end = u->watch_end;
}

void prefix_read(struct builder *b, unsigned lo, unsigned hi)
{
	if (b->pm_mode != PM_RECORD)
		return;
	if (b->pm_nreads == b->pm_readcap) {
		b->pm_readcap = b->pm_readcap ? b->pm_readcap * 2 : 16;
		b->pm_reads = xrealloc(b->pm_reads,
				       b->pm_readcap * sizeof(*b->pm_reads));
	}
	b->pm_reads[b->pm_nreads].lo = lo;
	b->pm_reads[b->pm_nreads++].hi = hi;
}

void prefix_built(struct builder *b, struct floc at, bool taint)
{
	struct prefix_memo *m = b->pm;
	struct pm_fn *f;

	if (b->pm_mode != PM_RECORD)
		return;
	m->fns = xrealloc(m->fns, (m->nfns + 1) * sizeof(*m->fns));
	f = &m->fns[m->nfns++];
	memset(f, 0, sizeof(*f));
	f->name = name_of(m, at.file);
	f->off = at.off;
	f->tainted = taint;
	f->tainted_main = taint && b->pm_taint_main;
	f->tainted_out = taint && b->pm_taint_out;
	f->nreads = pm_spans_merge(b->pm_reads, b->pm_nreads);
	if (f->nreads) {
		f->reads = xmalloc(f->nreads * sizeof(*f->reads));
		memcpy(f->reads, b->pm_reads, f->nreads * sizeof(*f->reads));
	}
	f->seen = m->pending_seen;
	m->pending_seen = NULL;
}

void prefix_claimed(struct builder *b, struct macro_exp *e)
{
	if (b->pm_mode != PM_RECORD)
		return;
	if (b->pm_nlog == b->pm_logcap) {
		b->pm_logcap = b->pm_logcap ? b->pm_logcap * 2 : 256;
		b->pm_log =
			xrealloc(b->pm_log, b->pm_logcap * sizeof(*b->pm_log));
	}
	b->pm_log[b->pm_nlog].m = e;
	b->pm_log[b->pm_nlog++].fn = b->pm_fn;
}

static void add_claim(struct prefix_memo *m, const char *name, unsigned off,
		      int plan, unsigned fn)
{
	m->claims = xrealloc(m->claims, (m->nclaims + 1) * sizeof(*m->claims));
	m->claims[m->nclaims].name = name;
	m->claims[m->nclaims].off = off;
	m->claims[m->nclaims].plan = plan;
	m->claims[m->nclaims++].fn = fn;
}

/* When the prefix's build claimed @e, or -1 if it did not log it. */
static long claimed_by(const struct builder *b, const struct macro_exp *e)
{
	struct pm_log key = { (struct macro_exp *)e, 0 };
	const struct pm_log *hit = b->pm_nlog ?
					   bsearch(&key, b->pm_log, b->pm_nlog,
						   sizeof(*b->pm_log), by_ptr) :
					   NULL;

	return hit ? (long)hit->fn : -1;
}

static int by_fn(const void *pa, const void *pb)
{
	const struct pm_claim *a = pa, *b = pb;

	return a->fn < b->fn ? -1 : a->fn > b->fn;
}

static bool made_past(const struct prefix_memo *m, const struct pm_sum *s)
{
	return s->s.creator >= m->first_main && s->s.creator < m->nfns;
}

/* What the functions built after each kept one will take from it. */
static void record(struct builder *b, struct tu_ir *out, CXFile main)
{
	struct prefix_memo *m = b->pm;
	unsigned i, j, n = 0;

	if (m->nfns != out->nfns) {
		b->pm_poison = true;
		return;
	}
	for (i = 0; i < m->nfns; i++)
		m->fns[i].ir = out->fns[i];
	/* the log by macro: each was claimed once, by a function's build */
	if (b->pm_nlog)
		qsort(b->pm_log, b->pm_nlog, sizeof(*b->pm_log), by_ptr);
	for (i = 0; i < b->macros.n && !b->pm_poison; i++) {
		struct macro_exp *e = &b->macros.v[i];
		long fn;

		if (e->claimed) {
			fn = claimed_by(b, e);
			if (fn < 0 ||
			    (e->file == main && (unsigned)fn < m->first_main) ||
			    macros_at(&b->macros, e->file, e->off) != e) {
				b->pm_poison = true;
				break;
			}
			add_claim(m, name_of(m, e->file), e->off, -1,
				  (unsigned)fn);
			n++;
		}
		for (j = 0; j < e->nplan; j++) {
			if (!e->plan[j]->claimed)
				continue;
			fn = claimed_by(b, e->plan[j]);
			if (fn < 0 ||
			    (e->file == main && (unsigned)fn < m->first_main) ||
			    macros_at(&b->macros, e->file, e->off) != e) {
				b->pm_poison = true;
				break;
			}
			add_claim(m, name_of(m, e->file), e->off, (int)j,
				  (unsigned)fn);
			n++;
		}
	}
	/* a claim we did not find in the table: not all is given back */
	if (n != b->pm_nlog)
		b->pm_poison = true;
	if (b->pm_poison)
		return;
	if (m->nclaims)
		qsort(m->claims, m->nclaims, sizeof(*m->claims), by_fn);
	m->sums =
		xmalloc((b->nsummaries ? b->nsummaries : 1) * sizeof(*m->sums));
	for (i = 0; i < b->nsummaries; i++) {
		if (!b->summaries[i].done) {
			b->pm_poison = true;
			return;
		}
		/* the prefix's that read the main file are kept as it is */
		if (b->summaries[i].tainted &&
		    (b->summaries[i].tainted_out ||
		     b->summaries[i].creator >= m->first_main))
			continue;
		m->sums[m->nsums].name = name_of(m, b->summaries[i].file);
		m->sums[m->nsums].off = b->summaries[i].off;
		m->sums[m->nsums].stale = false;
		m->sums[m->nsums].s = b->summaries[i];
		m->sums[m->nsums++].s.file = NULL;
	}
	qsort(m->sums, m->nsums, sizeof(*m->sums), by_name_off);
	/* by creator, the functions' past the prefix (prefix_take()) */
	m->made_by = xmalloc((m->nsums ? m->nsums : 1) * sizeof(*m->made_by));
	for (j = 0; j < m->nsums; j++)
		if (made_past(m, &m->sums[j]))
			m->fns[m->sums[j].s.creator].nmade++;
	for (i = m->first_main, n = 0; i < m->nfns; i++) {
		m->fns[i].made = n;
		n += m->fns[i].nmade;
		m->fns[i].nmade = 0;
	}
	for (j = 0; j < m->nsums; j++)
		if (made_past(m, &m->sums[j])) {
			struct pm_fn *f = &m->fns[m->sums[j].s.creator];

			m->made_by[f->made + f->nmade].name = m->sums[j].name;
			m->made_by[f->made + f->nmade++].off = m->sums[j].off;
		}
	m->main_name = name_of(m, main);
	m->pp = pp_memo_record(&b->macros, main);
	m->files = xmalloc((b->nfiles ? b->nfiles : 1) * sizeof(*m->files));
	for (i = 0; i < b->nfiles; i++)
		if (b->files[i]->file != main &&
		    (m->files[m->nfiles] = name_of(m, b->files[i]->file)))
			m->nfiles++;
}

bool prefix_end(struct builder *b, struct tu_ir *out, CXFile main, CXCursor fn)
{
	struct prefix_memo *m = b->pm;
	struct floc s = text_extent_start(b, fn);
	size_t p = s.file == main ? s.off :
				    text_loc(clang_getCursorLocation(fn)).off;
	size_t len;
	const char *buf;

	b->pm_prefix = false;
	if (b->pm_mode == PM_REUSE) {
		m->taking = m->main_ok;
		return p == m->main_len && m->next_fn <= m->first_main &&
		       take_upto(b, out, m->first_main);
	}
	if (b->pm_mode != PM_RECORD)
		return true;
	buf = main_text(b, main, &len);
	if (!buf || p > len || b->pm_watch_end > p) {
		b->pm_poison = true;
		return true;
	}
	m->main_len = p;
	m->main_hash = hash64(buf, p, HASH64_INIT);
	m->first_main = m->nfns;
	outs_seen(b);
	return true;
}

void prefix_walked(struct builder *b, struct tu_ir *out)
{
	struct prefix_memo *m = b->pm;
	size_t len;
	const char *buf;

	if (b->pm_mode != PM_RECORD || b->pm_poison || b->pm_prefix)
		return;
	record(b, out, b->pm_main);
	buf = main_text(b, b->pm_main, &len);
	keep_text(m, buf, len);
}

/*
 * Whether a function built again before @f made a summary @f's build
 * made (a callee of the edited text): a fresh build would have @f find
 * that one, made when fewer functions had claimed their own expansions.
 */
static bool made_before(struct builder *b, const struct pm_fn *f)
{
	struct prefix_memo *m = b->pm;
	unsigned i;

	for (i = 0; i < f->nmade; i++) {
		const struct pm_made *s = &m->made_by[f->made + i];
		CXFile file = clang_getFile(b->tu, s->name);

		if (!file || summary_known(b, file, s->off))
			return true;
	}
	return false;
}

/* Reuse: what the function at @upto - 1 claimed is claimed by its build. */
static void claims_skip(struct prefix_memo *m, unsigned upto)
{
	while (m->next_claim < m->nclaims && m->claims[m->next_claim].fn < upto)
		m->next_claim++;
}

/* @f, recorded before the function at @at of the main file, was not seen */
static bool gone(const struct prefix_memo *m, const struct pm_fn *f,
		 struct floc at, const char *at_name)
{
	return f->name == m->main_name && at_name == m->main_name &&
	       f->off < at.off;
}

int prefix_take(struct builder *b, struct tu_ir *out, struct floc at,
		const char *name)
{
	struct prefix_memo *m = b->pm;
	const char *at_name;
	struct pm_fn *f;

	if (!m || b->pm_mode != PM_REUSE || b->pm_prefix || !m->taking)
		return 0;
	at_name = find_name(m, at.file);
	/* the edit removed them, or changed where they start */
	while ((f = m->next_fn < m->nfns ? &m->fns[m->next_fn] : NULL) &&
	       gone(m, f, at, at_name)) {
		if (!f->stale) {
			m->taking = false;
			return 0;
		}
		claims_skip(m, ++m->next_fn);
	}
	/* one the edit added, or that starts elsewhere now */
	if (!f || at.off != f->off || at_name != f->name ||
	    strcmp(name, f->ir->name))
		return 0;
	m->next_fn++;
	/*
	 * One that read the edited text is built again in its place: what
	 * it read is as recorded for those after it that did not.
	 */
	if (f->tainted || f->stale || made_before(b, f)) {
		claims_skip(m, m->next_fn);
		return 0;
	}
	f->taken = true;
	push_fn(b, out, f->ir);
	m->reused++;
	m->reused_main++;
	if (f->seen && b->opts->seen)
		seen_test_and_add(b->opts->seen, f->seen);
	return claims_upto(b, m->next_fn) ? 1 : -1;
}

void prefix_fail(struct prefix_memo *m)
{
	if (m)
		forget(m);
}

void prefix_finish(struct builder *b, struct tu_ir *out)
{
	struct prefix_memo *m = b->pm;
	unsigned i;

	free(b->pm_files);
	free(b->pm_log);
	free(b->pm_outs);
	b->pm_files = NULL;
	b->pm_log = NULL;
	b->pm_outs = NULL;
	b->pm_nouts = b->pm_outs_cap = 0;
	b->pm_nfiles = b->pm_cap = b->pm_nlog = b->pm_logcap = 0;
	if (m)
		build_state_free(m);
	if (b->pm_mode != PM_RECORD)
		return;
	/* still in the prefix: the main file defines no function */
	if (b->pm_poison || b->pm_prefix) {
		forget(m);
		return;
	}
	/* the tainted ones too: freed with the memo, never taken */
	for (i = 0; i < m->nfns; i++)
		m->fns[i].ir->borrowed = true;
	m->arena = out->arena;
	out->arena = NULL;
	m->kept = out->kept;
	memset(&out->kept, 0, sizeof(out->kept));
	m->valid = true;
}

struct summary *prefix_summary(struct builder *b, CXFile f, unsigned off)
{
	struct prefix_memo *m = b->pm;
	struct pm_sum key, *hit;
	struct summary *sm;

	if (!m || b->pm_mode != PM_REUSE || !m->nsums || !f)
		return NULL;
	key.name = find_name(m, f);
	key.off = off;
	if (!key.name)
		return NULL;
	hit = bsearch(&key, m->sums, m->nsums, sizeof(*m->sums), by_name_off);
	/* made by a function past the prefix not taken: made again */
	if (!hit || hit->stale ||
	    (hit->s.creator >= m->first_main &&
	     (hit->s.creator >= m->nfns || !m->fns[hit->s.creator].taken)))
		return NULL;
	sm = summary_new(b);
	*sm = hit->s;
	sm->file = f;
	return sm;
}
