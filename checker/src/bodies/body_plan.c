// SPDX-License-Identifier: GPL-2.0
/*
 * Which known header bodies a TU needs (bodies.h), and the blanked texts
 * of the rest for libclang. An identifier is live when text the TU may
 * read spells it: the main file, the command line, the macros the known
 * headers invoke outside definitions, and, once live, a macro's
 * replacement or a function's body named by a live identifier.
 * What this misses (a name pasted together with ##, a header the memo
 * does not know) the analysis finds when it asks for the body.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../events/cursor.h"
#include "../events/lex.h"
#include "../events/seam.h"
#include "../util.h"
#include "bodies.h"

/*
 * summary_of() builds a callee's body at depths 1 to 3, a top-level
 * function being at 0: a name written in a body built at depth 3 calls
 * nothing that is built.
 */
#define BUILT_DEPTHS 3

static void push(struct body_memo *m, unsigned level, unsigned id)
{
	struct body_queue *q = &m->queue[level];

	if (q->n == q->cap) {
		q->cap = q->cap ? q->cap * 2 : 4096;
		q->v = xrealloc(q->v, q->cap * sizeof(unsigned));
	}
	q->v[q->n++] = id;
}

/* @id is written in a body built at depth @level, or a macro it expands */
void body_reach(struct body_memo *m, unsigned id, unsigned level)
{
	if (level >= BUILT_DEPTHS ||
	    (m->live[id] == m->gen && m->level[id] <= level))
		return;
	m->live[id] = m->gen;
	m->level[id] = (unsigned char)level;
	push(m, level, id);
}

/*
 * @f is called from a body built at depth @level: its own is built at the
 * next, or at the top if it names a primitive (the walk builds those).
 */
static void need_fn(struct body_memo *m, struct body_fn *f, unsigned level)
{
	unsigned depth = f->prim ? 0 : level + 1, i;

	if (f->needed == m->gen && f->depth <= depth)
		return;
	f->needed = m->gen;
	f->depth = (unsigned char)depth;
	for (i = 0; i < f->nids; i++)
		body_reach(m, f->ids[i], depth);
}

static void expand(struct body_memo *m, const struct body_macro *d,
		   unsigned level)
{
	unsigned i;

	for (i = d->nparams; i < d->nids; i++)
		body_reach(m, d->ids[i], level);
	for (i = 0; i < d->npre; i++)
		body_fragment(m, &m->pre_frags, m->pre, d->pre[i]);
	for (i = 0; i < d->nsuf; i++)
		body_fragment(m, &m->suf_frags, m->suf, d->suf[i]);
}

/* What the reached identifiers reach, the shallowest first. */
void body_drain(struct body_memo *m)
{
	unsigned id, k, level = 0;

	while (level < BUILT_DEPTHS) {
		struct body_queue *q = &m->queue[level];

		if (!q->n) {
			level++;
			continue;
		}
		id = q->v[--q->n];
		if (m->level[id] != level)
			continue; /* reached shallower since */
		for (k = m->fn_of[id]; k; k = m->fns[k - 1].next)
			need_fn(m, &m->fns[k - 1], level);
		for (k = m->kept_of[id]; k; k = m->kept[k - 1].next)
			need_fn(m, &m->kept[k - 1], level);
		for (k = m->macro_of[id]; k; k = m->macros[k - 1].next)
			expand(m, &m->macros[k - 1], level);
		/* a function that names a primitive goes back to the top */
		for (k = 0; k < level; k++)
			if (m->queue[k].n)
				level = k;
	}
}

static void live_ident(void *ctx, size_t off, const char *s, size_t n,
		       size_t directive)
{
	struct body_memo *m = ctx;

	(void)off;
	(void)directive;
	if (n)
		body_reach(m, body_id(m, s, n), 0);
}

/* The TU's include path, and the files read for it so far. */
struct incl {
	struct body_memo *m;
	const char **dirs;
	unsigned ndirs;
	struct strset *read, *read_via_known;
};

/* A name the include path does not find (the cache's value) */
static char not_found;

static void free_resolved(void *p)
{
	if (p != &not_found)
		free(p);
}

void body_includes_free(struct body_memo *m)
{
	strmap_free(m->resolved, free_resolved);
	free(m->resolved_dirs);
	m->resolved = NULL;
	m->resolved_dirs = NULL;
}

static char *search(const struct incl *in, const char *name, size_t n,
		    const char *here)
{
	struct stat st;
	unsigned i;
	char *p;

	for (i = here ? 0 : 1; i <= in->ndirs; i++) {
		p = xasprintf("%s/%.*s", i ? in->dirs[i - 1] : here, (int)n,
			      name);
		if (!stat(p, &st) && S_ISREG(st.st_mode)) {
			char *abs = path_absolute(p);

			free(p);
			return abs;
		}
		free(p);
	}
	return NULL;
}

/*
 * The file #include @name (@here: the includer's directory for "...")
 * names, or NULL; asked once per worker and include path: a TU follows
 * a thousand #include lines, most of them the last TU's too.
 */
static const char *resolve(const struct incl *in, const char *name, size_t n,
			   const char *here)
{
	char *key = here ? xasprintf("\"%s/%.*s", here, (int)n, name) :
			   xasprintf("<%.*s", (int)n, name);
	bool added;
	void **v = strmap_slot(in->m->resolved, key, strlen(key), &added);

	free(key);
	if (added) {
		*v = search(in, name, n, here);
		if (!*v)
			*v = &not_found;
	}
	return *v == &not_found ? NULL : *v;
}

static void live_includes(struct incl *in, char *const *incs, unsigned n,
			  const char *here, unsigned depth, bool known);

/*
 * A header the main file includes, or one that it includes, and so on:
 * what it names is live unless the memo knows it (then its names are,
 * bodies.h) or a header the memo knows leads to it: a TU of this
 * configuration that read that one did not take this #include. A known
 * one is marked reached, to be blanked.
 */
static void live_header(struct incl *in, const char *path, unsigned depth,
			bool via_known)
{
	const struct body_text *t;
	const unsigned *ids;
	char *const *incs;
	char *dir, *slash;
	unsigned i, n;
	int known;

	/* one read past a known header first may be read directly later */
	if (depth > 32 || strset_has(in->read, path) ||
	    !strset_add(via_known ? in->read_via_known : in->read, path))
		return;
	t = body_text_of(in->m, path);
	known = bodies_file_find(in->m, path);
	if (known >= 0) {
		in->m->files[known].reached = in->m->gen;
	} else if (!via_known) {
		body_text_ids(t, &ids, &n);
		for (i = 0; i < n; i++)
			body_reach(in->m, ids[i], 0);
	}
	dir = xstrdup(path);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	body_text_includes(t, &incs, &n);
	live_includes(in, incs, n, dir, depth + 1, via_known || known >= 0);
	free(dir);
}

static void live_includes(struct incl *in, char *const *incs, unsigned n,
			  const char *here, unsigned depth, bool via_known)
{
	unsigned i;
	const char *p;

	for (i = 0; i < n; i++) {
		p = resolve(in, incs[i] + 1, strlen(incs[i] + 1),
			    incs[i][0] == '"' ? here : NULL);
		if (p)
			live_header(in, p, depth, via_known);
	}
}

/*
 * The include path of @job's flags, absolute; the cache of resolve()
 * starts again when it differs from the last TU's.
 */
static void include_dirs(struct incl *in, const struct tu_job *job)
{
	static const char *const flags[] = { "-iquote", "-I", "-isystem",
					     "-idirafter" };
	struct strbuf sig = { 0 };
	int i;
	size_t f, n;
	const char *d;

	for (i = 0; i < job->nargs; i++) {
		for (f = 0; f < sizeof(flags) / sizeof(flags[0]); f++) {
			n = strlen(flags[f]);
			if (strncmp(job->args[i], flags[f], n))
				continue;
			d = job->args[i][n]    ? job->args[i] + n :
			    i + 1 < job->nargs ? job->args[++i] :
						 NULL;
			if (!d)
				break;
			in->dirs = xrealloc(in->dirs,
					    (in->ndirs + 1) * sizeof(char *));
			in->dirs[in->ndirs] = bodies_file_path(d, job->dir);
			sb_puts(&sig, in->dirs[in->ndirs++]);
			sb_puts(&sig, "\n");
			break;
		}
	}
	if (!in->m->resolved ||
	    strcmp(in->m->resolved_dirs, sig.s ? sig.s : "")) {
		body_includes_free(in->m);
		in->m->resolved = strmap_new();
		in->m->resolved_dirs = sb_detach(&sig);
	}
	free(sig.s);
}

/* The files of @job's -include flags, read before the main file. */
static void forced_includes(struct incl *in, const struct tu_job *job)
{
	char *p;
	int i;

	for (i = 0; i + 1 < job->nargs; i++) {
		if (strcmp(job->args[i], "-include"))
			continue;
		p = bodies_file_path(job->args[++i], job->dir);
		if (!access(p, R_OK))
			live_header(in, p, 0, false);
		free(p);
	}
}

/*
 * What the main file, the headers it includes that the memo does not
 * know, and the command line name, live; the known headers it includes,
 * reached.
 */
static bool live_job(struct body_memo *m, const struct tu_job *job)
{
	char *path = bodies_file_path(job->file, job->dir), *dir, *slash;
	struct incl in = { .m = m,
			   .read = strset_new(),
			   .read_via_known = strset_new() };
	const struct body_text *t;
	const unsigned *ids;
	char *const *incs;
	unsigned i, n;
	int a;

	if (access(path, R_OK)) {
		free(path);
		strset_free(in.read);
		strset_free(in.read_via_known);
		return false;
	}
	t = body_text_of(m, path);
	body_text_ids(t, &ids, &n);
	for (i = 0; i < n; i++)
		body_reach(m, ids[i], 0);
	include_dirs(&in, job);
	dir = xstrdup(path);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	strset_add(in.read, path);
	forced_includes(&in, job);
	body_text_includes(t, &incs, &n);
	live_includes(&in, incs, n, dir, 0, false);
	for (a = 0; a < job->nargs; a++)
		body_scan_idents(job->args[a], 0, strlen(job->args[a]),
				 live_ident, m);
	for (i = 0; i < in.ndirs; i++)
		free((char *)in.dirs[i]);
	free(in.dirs);
	strset_free(in.read);
	strset_free(in.read_via_known);
	free(dir);
	free(path);
	return true;
}

static bool unchanged(const struct body_file *bf)
{
	struct stat st;

	return !stat(bf->path, &st) && st.st_dev == bf->dev &&
	       st.st_ino == bf->ino && st.st_size == bf->size &&
	       st.st_mtim.tv_sec == bf->mtime.tv_sec &&
	       st.st_mtim.tv_nsec == bf->mtime.tv_nsec;
}

/* @bf's text with the bodies of its functions not needed blanked. */
static bool blank_file(struct body_memo *m, struct body_plan *p, unsigned file)
{
	const struct body_file *bf = &m->files[file];
	struct CXUnsavedFile *u;
	unsigned i, n0 = p->nblanked;
	size_t len, j;
	char *buf;

	if (bf->reached != m->gen)
		return false; /* no #include line leads to it */
	for (i = bf->fn0; i < bf->fn0 + bf->nfns; i++)
		if (m->fns[i].needed != m->gen)
			break;
	if (i == bf->fn0 + bf->nfns || !unchanged(bf) ||
	    !(buf = read_file(bf->path, &len)) || (off_t)len != bf->size)
		return false;
	for (; i < bf->fn0 + bf->nfns; i++) {
		const struct body_fn *f = &m->fns[i];

		if (f->needed == m->gen)
			continue;
		for (j = f->lo + 1; j + 1 < f->hi; j++)
			if (buf[j] != '\n')
				buf[j] = ' ';
		p->blanked = xrealloc(p->blanked,
				      (p->nblanked + 1) * sizeof(unsigned));
		p->blanked[p->nblanked++] = i;
	}
	p->files = xrealloc(p->files, (p->n + 1) * sizeof(*p->files));
	u = &p->files[p->n++];
	u->Filename = xstrdup(bf->path);
	u->Contents = buf;
	u->Length = (unsigned long)len;
	return p->nblanked > n0;
}

void bodies_plan(struct body_memo *m, const struct tu_job *job,
		 struct body_plan *p)
{
	unsigned i;

	memset(p, 0, sizeof(*p));
	p->dir = job->dir;
	p->gen = ++m->gen;
	m->pre_frags.n = m->suf_frags.n = 0;
	if (!m->nfns || !live_job(m, job))
		return;
	for (i = 0; i < m->idcap; i++)
		if (m->tops[i] && m->macro_of[i])
			body_reach(m, i, 0);
	/*
	 * The walk builds every header function whose text names a
	 * primitive, and the rules of the TU's functions pair with them
	 * (testcases/facts header-callee-order): one is blanked only once
	 * this worker built it, and the walk puts a copy of that build in
	 * its place (phantom.c).
	 */
	for (i = 0; i < m->nfns; i++)
		if (m->fns[i].prim && !m->fns[i].built)
			need_fn(m, &m->fns[i], 0);
	for (i = 0; i < m->nkept; i++)
		if (m->kept[i].prim)
			need_fn(m, &m->kept[i], 0);
	body_drain(m);
	body_close_pastes(m);
	for (i = 0; i < m->nfiles; i++)
		blank_file(m, p, i);
}

static int cmp_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

/* The memo's index of the file libclang calls @f, or -1; asked once each */
static int file_of(const struct body_memo *m, struct body_plan *p, CXFile f)
{
	unsigned h, i;
	CXString s;
	char *path;

	if (2 * (p->nfiles_seen + 1) > p->seen_cap) {
		unsigned cap = p->seen_cap ? p->seen_cap * 2 : 256;
		struct body_plan_file *v = xcalloc(cap, sizeof(*v));

		for (i = 0; i < p->seen_cap; i++) {
			if (!p->seen[i].f)
				continue;
			for (h = hash_ptr(p->seen[i].f, cap); v[h].f;
			     h = (h + 1) & (cap - 1))
				;
			v[h] = p->seen[i];
		}
		free(p->seen);
		p->seen = v;
		p->seen_cap = cap;
	}
	for (h = hash_ptr(f, p->seen_cap); p->seen[h].f;
	     h = (h + 1) & (p->seen_cap - 1))
		if (p->seen[h].f == f)
			return p->seen[h].idx;
	s = clang_getFileName(f);
	path = bodies_file_path(clang_getCString(s) ? clang_getCString(s) : "",
				p->dir);
	clang_disposeString(s);
	p->seen[h].f = f;
	p->seen[h].idx = bodies_file_find(m, path);
	p->nfiles_seen++;
	free(path);
	return p->seen[h].idx;
}

unsigned bodies_fn_after(const struct body_memo *m, unsigned file, unsigned off)
{
	const struct body_file *bf = &m->files[file];
	unsigned lo = bf->fn0, hi = bf->fn0 + bf->nfns, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (m->fns[mid].hi <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int bodies_plan_blanked(const struct body_memo *m, struct body_plan *p,
			CXFile f, unsigned name_off)
{
	int k = p->nblanked ? file_of(m, p, f) : -1;
	unsigned i;

	if (k < 0)
		return 0;
	/* a name comes before its body, after the body before it */
	i = bodies_fn_after(m, (unsigned)k, name_off);
	if (i == m->files[k].fn0 + m->files[k].nfns ||
	    m->fns[i].name_off != name_off ||
	    !bsearch(&i, p->blanked, p->nblanked, sizeof(unsigned),
		     cmp_unsigned))
		return 0;
	return m->fns[i].prim ? BLANKED_PRIM : BLANKED;
}

void bodies_plan_free(struct body_plan *p)
{
	unsigned i;

	for (i = 0; i < p->n; i++) {
		free((char *)p->files[i].Filename);
		free((char *)p->files[i].Contents);
	}
	free(p->files);
	free(p->blanked);
	free(p->seen);
	memset(p, 0, sizeof(*p));
}
