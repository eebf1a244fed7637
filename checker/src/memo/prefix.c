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

#include "../events/arena.h"
#include "../events/cursor.h"
#include "kept.h"
#include "memo.h"

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
	/* the main file's text its build read (edit.c) */
	struct text_span *reads;
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

enum { PM_OFF, PM_RECORD, PM_REUSE };

struct prefix_memo {
	bool valid;
	/* a local view cannot be made up for (doc_memo_local_ok()) */
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
	/* a reuse: where it is */
	unsigned next_fn, next_claim;
	struct pp_memo *pp; /* the recording's preprocessing record */
	const char **cnames; /* the claims' files, sorted */
	CXFile *cfiles; /* and this build's CXFile for each */
	unsigned ncnames;

	/* the build under way, recording or reusing */
	int mode; /* PM_* */
	bool in_prefix; /* before the main file's first function */
	bool poison; /* the prefix leans on what follows: not kept */
	bool local; /* a reuse on a local view (build.h) */
	CXFile main; /* its main file */
	/* recording: the headers outside() said so of */
	const void **outs;
	unsigned nouts, outs_cap;
	/*
	 * where the last definition of the main file that an untainted
	 * build of the prefix used ends, + 1 (planned())
	 */
	unsigned watch_end;
	const void **pfiles; /* files of the prefix's functions (a set) */
	unsigned npfiles, pfiles_cap;
	struct pm_log *log; /* recording: the claims, when */
	unsigned nlog, logcap;
};

/* The editor's memo of one document: what memo.h hands out. */
struct doc_memo {
	struct prefix_memo *prefix;
	struct include_memo *includes;
};

static struct prefix_memo *prefix_memo_new(void)
{
	struct prefix_memo *m = xcalloc(1, sizeof(*m));

	m->names = strset_new();
	return m;
}

static void build_state_free(struct prefix_memo *m)
{
	free(m->cnames);
	free(m->cfiles);
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

/* The per-build state, freed at the build's end. */
static void build_end(struct prefix_memo *m)
{
	free(m->pfiles);
	free(m->log);
	free(m->outs);
	m->pfiles = NULL;
	m->log = NULL;
	m->outs = NULL;
	m->nouts = m->outs_cap = 0;
	m->npfiles = m->pfiles_cap = m->nlog = m->logcap = 0;
}

static void prefix_memo_free(struct prefix_memo *m)
{
	forget(m);
	build_end(m);
	strset_free(m->names);
	free(m);
}

struct doc_memo *doc_memo_new(void)
{
	struct doc_memo *d = xcalloc(1, sizeof(*d));

	d->prefix = prefix_memo_new();
	d->includes = include_memo_new();
	return d;
}

void doc_memo_free(struct doc_memo *d)
{
	if (!d)
		return;
	prefix_memo_free(d->prefix);
	include_memo_free(d->includes);
	free(d);
}

bool doc_memo_local_ok(const struct doc_memo *d)
{
	return !d || !d->prefix->no_local;
}

struct memo_kept doc_memo_reused(const struct doc_memo *d)
{
	struct memo_kept k = { 0, 0, 0, 0 };

	if (d) {
		const struct prefix_memo *m = d->prefix;

		k.header = m->reused - m->reused_main;
		k.main = m->reused_main;
		k.record = m->reused_record;
		k.table = m->table;
	}
	return k;
}

static const char *intern(void *ctx, const char *display)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;

	return strset_intern(m->names, display, strlen(display));
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
	const char *shown = build_display(b, main);
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
		if (!memo_edit_keeps(&wide, m->sums[i].s.fx->reads,
				     m->sums[i].s.fx->nreads))
			m->sums[i].stale = true;
	/* a local view is recorded again only from a new parse */
	if (!m->local && too_stale(m))
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

		memo_edit_spans(&e, s->s.fx->reads, s->s.fx->nreads);
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

/* Record or reuse; false when a reuse cannot go on. */
static bool start(struct builder *b, struct prefix_memo *m, CXFile main,
		  bool includes_same)
{
	size_t len;
	const char *buf;
	unsigned i;

	if (!main)
		return true;
	m->main = main;
	m->reused = m->reused_main = m->reused_record = m->table = 0;
	m->next_fn = m->next_claim = 0;
	m->taking = false;
	for (i = 0; i < m->nfns; i++)
		m->fns[i].taken = false;
	m->in_prefix = true;
	buf = build_text(b, main, &len);
	if (m->valid && includes_same && buf && len >= m->main_len &&
	    hash64(buf, m->main_len, HASH64_INIT) == m->main_hash) {
		m->mode = PM_REUSE;
		if (!move_to_edit(b, m, main, buf, len))
			goto record;
		build_reserve(b, m->nfns + 64);
		/* the texts the kept events point into: this check's */
		for (i = 0; i < m->nfiles; i++) {
			CXFile f = clang_getFile(build_tu(b), m->files[i]);

			if (!f)
				return false;
			build_text(b, f, &len);
		}
		return true;
	}
record:
	forget(m);
	m->undef = strset_new();
	m->mode = PM_RECORD;
	return true;
}

static bool begin(void *ctx, struct builder *b, CXFile main, bool includes_same)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;
	bool ok;

	m->mode = PM_OFF;
	m->in_prefix = m->poison = false;
	m->watch_end = 0;
	m->main = NULL;
	m->local = build_local_view(b);
	ok = start(b, m, main, includes_same);
	build_macros(b)->keep_incs = m->mode == PM_RECORD;
	/* a local view is made up only by a reuse */
	return ok && !(m->local && m->mode != PM_REUSE);
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

static bool splice(void *ctx, struct builder *b, CXFile main)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;
	struct macro_table *mt = build_macros(b);
	bool ok = m->mode == PM_REUSE &&
		  pp_memo_splice(m->pp, mt, main, (unsigned)m->main_len,
				 &m->reused_record);

	m->table = mt->n + mt->ndefs;
	/* not for an edit: it would fail again at every check */
	if (!ok && m->mode == PM_REUSE)
		m->no_local = true;
	return ok;
}

static bool table_done(void *ctx, struct builder *b, CXFile main)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;
	struct macro_table *mt = build_macros(b);
	unsigned i, n = 0;

	if (m->mode == PM_RECORD)
		mt->watch = main;
	if (m->mode != PM_REUSE || !m->nclaims)
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
	for (i = 0; i < mt->n; i++) {
		const char *nm, **at;

		if (i && mt->v[i].file == mt->v[i - 1].file)
			continue;
		nm = find_name(m, mt->v[i].file);
		at = nm ? bsearch(&nm, m->cnames, n, sizeof(*m->cnames),
				  by_ptr) :
			  NULL;
		if (at)
			m->cfiles[at - m->cnames] = mt->v[i].file;
	}
	return true;
}

/* Reuse: claim again what the prefix's functions before @upto claimed. */
static bool claims_upto(struct builder *b, struct prefix_memo *m, unsigned upto)
{
	struct macro_table *mt = build_macros(b);

	for (; m->next_claim < m->nclaims && m->claims[m->next_claim].fn < upto;
	     m->next_claim++) {
		const struct pm_claim *c = &m->claims[m->next_claim];
		const char **at = bsearch(&c->name, m->cnames, m->ncnames,
					  sizeof(*m->cnames), by_ptr);
		CXFile f = at ? m->cfiles[at - m->cnames] : NULL;
		struct macro_exp *e = f ? macros_at(mt, f, c->off) : NULL;

		if (!e)
			return false;
		if (c->plan < 0) {
			e->claimed = true;
			continue;
		}
		macros_plan(mt, e);
		if ((unsigned)c->plan >= e->nplan)
			return false;
		e->plan[c->plan]->claimed = true;
	}
	return true;
}

/*
 * Reuse: the kept functions before the prefix's @upto'th into @out, and
 * what their builds did to the builder's state done again.
 */
static bool take_upto(struct builder *b, struct prefix_memo *m, unsigned upto)
{
	for (; m->next_fn < upto; m->next_fn++) {
		struct pm_fn *f = &m->fns[m->next_fn];

		/*
		 * One that read only the main file's text, as it was: kept as
		 * in the file's functions (its summaries are the memo's). A
		 * local view does not show the others: found where they were.
		 */
		if (f->tainted && (!m->local || f->tainted_out || f->stale)) {
			if (!m->local || !claims_upto(b, m, m->next_fn))
				return false;
			if (!build_again(b, f->name, f->off, f->ir->name)) {
				m->no_local = true;
				return false;
			}
			continue;
		}
		build_push(b, f->ir);
		m->reused++;
		if (f->seen)
			build_seen(b, f->seen);
	}
	return claims_upto(b, m, upto);
}

/*
 * Reuse: whether the function at @at, @c, is one of the prefix's to
 * build again (it read past the prefix); the kept ones before it are
 * taken and what they did to the builder's state is redone.
 */
static bool rebuild(struct builder *b, struct prefix_memo *m, struct floc at,
		    CXCursor c)
{
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
	if (!take_upto(b, m, t)) {
		/* not to be: prefix_end() finds the memo not all taken */
		m->next_fn = m->nfns + 1;
		return false;
	}
	m->next_fn = t + 1;
	return true;
}

/* Record: a function of the prefix in @f. */
static void visit(struct prefix_memo *m, CXFile f)
{
	unsigned i;

	if (m->mode != PM_RECORD)
		return;
	/* functions come file by file: the last one is most likely */
	for (i = m->npfiles; i-- > 0;)
		if (m->pfiles[i] == f)
			return;
	if (m->npfiles == m->pfiles_cap) {
		m->pfiles_cap = m->pfiles_cap ? m->pfiles_cap * 2 : 64;
		m->pfiles =
			xrealloc(m->pfiles, m->pfiles_cap * sizeof(*m->pfiles));
	}
	m->pfiles[m->npfiles++] = f;
}

/*
 * Record: the main file may define the callee later, and then what the
 * prefix's caller makes changes.
 */
static void undefined(void *ctx, const char *name)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;

	if (m->mode == PM_RECORD)
		strset_add(m->undef, name);
}

/* The main file defines @name: false if a kept function called it. */
static bool main_def(const struct prefix_memo *m, const char *name)
{
	return m->mode != PM_REUSE || !m->undef || !strset_has(m->undef, name);
}

/* Record: whether a callee defined in @f is in a file past the prefix. */
static bool outside(struct prefix_memo *m, CXFile f)
{
	unsigned i;

	if (m->mode != PM_RECORD || !m->in_prefix)
		return false;
	for (i = m->npfiles; i-- > 0;)
		if (m->pfiles[i] == f)
			return false;
	if (f == m->main)
		return true;
	for (i = m->nouts; i-- > 0;)
		if (m->outs[i] == f)
			return true;
	if (m->nouts == m->outs_cap) {
		m->outs_cap = m->outs_cap ? m->outs_cap * 2 : 16;
		m->outs = xrealloc(m->outs, m->outs_cap * sizeof(*m->outs));
	}
	m->outs[m->nouts++] = f;
	return true;
}

static unsigned taint(void *ctx, CXFile f)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;

	if (!outside(m, f))
		return 0;
	return f == m->main ? FX_MAIN : FX_OUT;
}

/*
 * At the end of the prefix: a header that was not yet among the prefix's
 * files when a build reached it, and is now, is included before the main
 * file's first function, its text as stable as the others'. When all
 * are, what read them is tainted only for what it read of the main file.
 */
static void outs_seen(struct builder *b, struct prefix_memo *m)
{
	struct summary *sums;
	unsigned i, j, n;

	for (i = 0; i < m->nouts; i++) {
		for (j = 0; j < m->npfiles && m->pfiles[j] != m->outs[i]; j++)
			;
		if (j == m->npfiles)
			return;
	}
	for (i = 0; i < m->nfns; i++)
		if (m->fns[i].tainted_out) {
			m->fns[i].tainted_out = false;
			m->fns[i].tainted = m->fns[i].tainted_main;
		}
	sums = build_summaries(b, &n);
	for (i = 0; i < n; i++)
		if (sums[i].fx)
			sums[i].fx->taint &= ~FX_OUT;
}

/*
 * Record: the build under way used @u's plan, which may have looked up a
 * definition the main file makes past the prefix: one such in a build
 * the memo keeps means it is not kept. A tainted build is made again at
 * each reuse, in a table with the definitions of that text.
 */
static void planned(void *ctx, const struct macro_exp *u, unsigned taint)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;

	if (m->mode == PM_RECORD && m->in_prefix && !taint &&
	    u->watch_end > m->watch_end)
		m->watch_end = u->watch_end;
}

static void log_claim(struct prefix_memo *m, struct macro_exp *e, unsigned fn)
{
	if (m->nlog == m->logcap) {
		m->logcap = m->logcap ? m->logcap * 2 : 256;
		m->log = xrealloc(m->log, m->logcap * sizeof(*m->log));
	}
	m->log[m->nlog].m = e;
	m->log[m->nlog++].fn = fn;
}

/*
 * Record: a function was built at @at: a header function of the prefix
 * that read past it, or one of the rest that is never kept, is tainted.
 */
static void built(void *ctx, struct builder *b, const struct function_ir *ir,
		  struct floc at, const struct build_effects *fx)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;
	bool tainted = m->in_prefix ? fx->taint != 0 : ir->in_header;
	struct pm_fn *f;
	unsigned i;

	(void)b;
	if (m->mode != PM_RECORD)
		return;
	for (i = 0; i < fx->nclaims; i++)
		log_claim(m, fx->claims[i], fx->fn);
	m->fns = xrealloc(m->fns, (m->nfns + 1) * sizeof(*m->fns));
	f = &m->fns[m->nfns++];
	memset(f, 0, sizeof(*f));
	f->name = name_of(m, at.file);
	f->off = at.off;
	f->tainted = tainted;
	f->tainted_main = tainted && (fx->taint & FX_MAIN);
	f->tainted_out = tainted && (fx->taint & FX_OUT);
	if (fx->nreads) {
		f->reads = xmalloc(fx->nreads * sizeof(*f->reads));
		memcpy(f->reads, fx->reads, fx->nreads * sizeof(*f->reads));
		f->nreads = text_spans_merge(f->reads, fx->nreads);
	}
	f->seen = m->in_prefix && fx->seen ? xstrdup(fx->seen) : NULL;
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
static long claimed_by(const struct prefix_memo *m, const struct macro_exp *e)
{
	struct pm_log key = { (struct macro_exp *)e, 0 };
	const struct pm_log *hit = m->nlog ? bsearch(&key, m->log, m->nlog,
						     sizeof(*m->log), by_ptr) :
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
	return s->s.fx->fn >= m->first_main && s->s.fx->fn < m->nfns;
}

/* What the functions built after each kept one will take from it. */
static void record(struct builder *b, struct prefix_memo *m, struct tu_ir *out,
		   CXFile main)
{
	struct macro_table *mt = build_macros(b);
	struct summary *sums;
	unsigned i, j, n = 0, nsums;

	if (m->nfns != out->nfns) {
		m->poison = true;
		return;
	}
	for (i = 0; i < m->nfns; i++)
		m->fns[i].ir = out->fns[i];
	/* the log by macro: each was claimed once, by a function's build */
	if (m->nlog)
		qsort(m->log, m->nlog, sizeof(*m->log), by_ptr);
	for (i = 0; i < mt->n && !m->poison; i++) {
		struct macro_exp *e = &mt->v[i];
		long fn;

		if (e->claimed) {
			fn = claimed_by(m, e);
			if (fn < 0 ||
			    (e->file == main && (unsigned)fn < m->first_main) ||
			    macros_at(mt, e->file, e->off) != e) {
				m->poison = true;
				break;
			}
			add_claim(m, name_of(m, e->file), e->off, -1,
				  (unsigned)fn);
			n++;
		}
		for (j = 0; j < e->nplan; j++) {
			if (!e->plan[j]->claimed)
				continue;
			fn = claimed_by(m, e->plan[j]);
			if (fn < 0 ||
			    (e->file == main && (unsigned)fn < m->first_main) ||
			    macros_at(mt, e->file, e->off) != e) {
				m->poison = true;
				break;
			}
			add_claim(m, name_of(m, e->file), e->off, (int)j,
				  (unsigned)fn);
			n++;
		}
	}
	/* a claim we did not find in the table: not all is given back */
	if (n != m->nlog)
		m->poison = true;
	if (m->poison)
		return;
	if (m->nclaims)
		qsort(m->claims, m->nclaims, sizeof(*m->claims), by_fn);
	sums = build_summaries(b, &nsums);
	m->sums = xmalloc((nsums ? nsums : 1) * sizeof(*m->sums));
	for (i = 0; i < nsums; i++) {
		const struct build_effects *fx = sums[i].fx;

		if (!sums[i].done || !fx) {
			m->poison = true;
			return;
		}
		/* the prefix's that read the main file are kept as it is */
		if (fx->taint &&
		    ((fx->taint & FX_OUT) || fx->fn >= m->first_main))
			continue;
		m->sums[m->nsums].name = name_of(m, sums[i].file);
		m->sums[m->nsums].off = sums[i].off;
		m->sums[m->nsums].stale = false;
		m->sums[m->nsums].s = sums[i];
		m->sums[m->nsums++].s.file = NULL;
	}
	qsort(m->sums, m->nsums, sizeof(*m->sums), by_name_off);
	/* by creator, the functions' past the prefix (take()) */
	m->made_by = xmalloc((m->nsums ? m->nsums : 1) * sizeof(*m->made_by));
	for (j = 0; j < m->nsums; j++)
		if (made_past(m, &m->sums[j]))
			m->fns[m->sums[j].s.fx->fn].nmade++;
	for (i = m->first_main, n = 0; i < m->nfns; i++) {
		m->fns[i].made = n;
		n += m->fns[i].nmade;
		m->fns[i].nmade = 0;
	}
	for (j = 0; j < m->nsums; j++)
		if (made_past(m, &m->sums[j])) {
			struct pm_fn *f = &m->fns[m->sums[j].s.fx->fn];

			m->made_by[f->made + f->nmade].name = m->sums[j].name;
			m->made_by[f->made + f->nmade++].off = m->sums[j].off;
		}
	m->main_name = name_of(m, main);
	m->pp = pp_memo_record(mt, main);
	n = build_nfiles(b);
	m->files = xmalloc((n ? n : 1) * sizeof(*m->files));
	for (i = 0; i < n; i++)
		if (build_file(b, i) != main &&
		    (m->files[m->nfiles] = name_of(m, build_file(b, i))))
			m->nfiles++;
}

/* At the main file's first function @fn: false if the reuse is wrong. */
static bool prefix_end(struct builder *b, struct prefix_memo *m, CXCursor fn)
{
	CXFile main = m->main;
	struct floc s = build_start(b, fn);
	size_t p = s.file == main ? s.off :
				    build_loc(clang_getCursorLocation(fn)).off;
	size_t len;
	const char *buf;

	m->in_prefix = false;
	if (m->mode == PM_REUSE) {
		m->taking = m->main_ok;
		return p == m->main_len && m->next_fn <= m->first_main &&
		       take_upto(b, m, m->first_main);
	}
	if (m->mode != PM_RECORD)
		return true;
	buf = build_text(b, main, &len);
	if (!buf || p > len || m->watch_end > p) {
		m->poison = true;
		return true;
	}
	m->main_len = p;
	m->main_hash = hash64(buf, p, HASH64_INIT);
	m->first_main = m->nfns;
	outs_seen(b, m);
	return true;
}

static enum build_choice decl(void *ctx, struct builder *b, CXCursor c,
			      struct floc at, bool *again)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;

	if (!m->in_prefix)
		return BUILD_IT;
	if (at.file == m->main)
		return prefix_end(b, m, c) ? BUILD_IT : BUILD_GIVE_UP;
	if (m->mode == PM_REUSE) {
		if (!rebuild(b, m, at, c))
			return BUILD_TAKEN;
		*again = true;
	} else if (at.file) {
		visit(m, at.file);
	}
	return BUILD_IT;
}

static bool walked(void *ctx, struct builder *b, struct tu_ir *out)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;
	size_t len;
	const char *buf;

	/* the walk ended before the main file's first function */
	if (m->mode == PM_REUSE && m->in_prefix)
		return false;
	if (m->mode != PM_RECORD || m->poison || m->in_prefix)
		return true;
	record(b, m, out, m->main);
	buf = build_text(b, m->main, &len);
	keep_text(m, buf, len);
	return true;
}

/*
 * Whether a function built again before @f made a summary @f's build
 * made (a callee of the edited text): a fresh build would have @f find
 * that one, made when fewer functions had claimed their own expansions.
 */
static bool made_before(struct builder *b, const struct prefix_memo *m,
			const struct pm_fn *f)
{
	unsigned i;

	for (i = 0; i < f->nmade; i++) {
		const struct pm_made *s = &m->made_by[f->made + i];
		CXFile file = clang_getFile(build_tu(b), s->name);

		if (!file || build_summary_known(b, file, s->off))
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

/*
 * Reuse, past the prefix: the main file's function at @at, @name, which
 * this check would build, is the memo's next one and read only text
 * before the first byte the edit changed; it is taken, and what its
 * build did to the builder's state is done again (1). 0 when it is not:
 * from there on every function is built. -1: the memo did not fit.
 */
static int take(struct builder *b, struct prefix_memo *m, struct floc at,
		const char *name)
{
	const char *at_name;
	struct pm_fn *f;

	if (m->mode != PM_REUSE || m->in_prefix || !m->taking)
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
	if (f->tainted || f->stale || made_before(b, m, f)) {
		claims_skip(m, m->next_fn);
		return 0;
	}
	f->taken = true;
	build_push(b, f->ir);
	m->reused++;
	m->reused_main++;
	if (f->seen)
		build_seen(b, f->seen);
	return claims_upto(b, m, m->next_fn) ? 1 : -1;
}

static enum build_choice choose(void *ctx, struct builder *b, struct floc at,
				const char *name, bool in_main)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;
	int took;

	/* a kept function's callee, undefined then */
	if (in_main && !main_def(m, name))
		return BUILD_GIVE_UP;
	took = take(b, m, at, name);
	return took > 0 ? BUILD_TAKEN : took < 0 ? BUILD_GIVE_UP : BUILD_IT;
}

static void fail(void *ctx)
{
	forget(((struct doc_memo *)ctx)->prefix);
}

/* After the walk: the memo takes what it keeps. */
static void end(void *ctx, struct builder *b, struct tu_ir *out, bool ok)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;
	unsigned i;

	(void)b;
	build_end(m);
	if (!ok)
		return;
	build_state_free(m);
	if (m->mode != PM_RECORD)
		return;
	/* still in the prefix: the main file defines no function */
	if (m->poison || m->in_prefix) {
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

/* Reuse: the prefix's summary of the definition at @f:@off, or NULL. */
static const struct summary *summary(void *ctx, CXFile f, unsigned off)
{
	struct prefix_memo *m = ((struct doc_memo *)ctx)->prefix;
	struct pm_sum key, *hit;

	if (m->mode != PM_REUSE || !m->nsums)
		return NULL;
	key.name = find_name(m, f);
	key.off = off;
	if (!key.name)
		return NULL;
	hit = bsearch(&key, m->sums, m->nsums, sizeof(*m->sums), by_name_off);
	/* made by a function past the prefix not taken: made again */
	if (!hit || hit->stale ||
	    (hit->s.fx->fn >= m->first_main &&
	     (hit->s.fx->fn >= m->nfns || !m->fns[hit->s.fx->fn].taken)))
		return NULL;
	return &hit->s;
}

static bool dialect(void *ctx, CXTranslationUnit tu, CXFile main,
		    enum oc_dialect *d, bool *found)
{
	return include_memo_get(((struct doc_memo *)ctx)->includes, tu, main, d,
				found);
}

static void dialect_voted(void *ctx, CXTranslationUnit tu, CXFile main,
			  char **paths, unsigned n, enum oc_dialect d,
			  bool found)
{
	include_memo_put(((struct doc_memo *)ctx)->includes, tu, main, paths, n,
			 d, found);
}

const struct build_hooks doc_memo_hooks = {
	.effects = true,
	.dialect = dialect,
	.dialect_voted = dialect_voted,
	.begin = begin,
	.splice = splice,
	.table_done = table_done,
	.decl = decl,
	.choose = choose,
	.built = built,
	.taint = taint,
	.summary = summary,
	.undefined = undefined,
	.planned = planned,
	.intern = intern,
	.walked = walked,
	.end = end,
	.fail = fail,
};
