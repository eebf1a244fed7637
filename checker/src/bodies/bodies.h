/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Header function bodies a TU cannot need, blanked before libclang parses
 * it. Parsing the bodies of the headers' inline functions is about 40% of
 * a kernel TU's parse, and the analysis reads few of them: those that
 * name a primitive, and those a function it builds calls (their
 * summaries). A body is blanked (spaces, its newlines and braces kept,
 * every offset where it was) when no text the TU reads seems to name its
 * function: not the main file, not the headers outside such bodies, not
 * a macro or body that text can reach. The command line only: each worker
 * learns the headers from the TUs it parses, and the analysis asks before
 * it reads a header body whether it was blanked (a name pasted with ##,
 * a header not known yet): if so, the TU is parsed again whole and
 * analysed anew, so the findings are those of the whole parse.
 */
#ifndef ORDERCHECK_BODIES_H
#define ORDERCHECK_BODIES_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <sys/stat.h>

#include "../tu/frontend.h"

/*
 * A header function whose body may be blanked: it names no primitive, and
 * its text allows it (body_learn.c).
 */
struct body_fn {
	unsigned name; /* identifier number (struct body_memo's ids) */
	unsigned lo, hi; /* the body, its braces included */
	unsigned name_off; /* where its name is written */
	unsigned *ids, nids; /* the identifiers written in the body */
	unsigned file; /* index in files */
	unsigned next; /* the next function of the same name, + 1 */
	unsigned needed; /* the plan number that needs it */
	unsigned char depth; /* and the shallowest depth it is built at */
	bool prim; /* its text names a primitive: the walk builds it */
	bool built; /* this worker built it once (body_built.c) */
};

struct body_queue {
	unsigned *v, n, cap;
};

/*
 * A #define: what its parameters and replacement name (the first nparams
 * of ids are the parameters), and the names it pastes a parameter to: a
 * prefix (const##op) or a suffix (op##_relaxed).
 */
struct body_macro {
	unsigned name;
	unsigned *ids, nids, nparams;
	unsigned *pre, npre, *suf, nsuf;
	unsigned next; /* the next definition of the same name, + 1 */
};

struct body_file {
	char *path; /* absolute */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
	unsigned fn0, nfns; /* its functions: fns[fn0 .. fn0 + nfns) */
	unsigned reached; /* the plan whose #include lines lead to it */
};

struct body_ids; /* identifier spelling -> number */

/* The fragments live macros paste (body_pastes.c), in the order found */
struct body_frags {
	unsigned *v, n, cap;
};

struct body_name {
	const char *key;
	unsigned id;
};

struct body_memo {
	struct body_ids *ids;
	/* per identifier number, grown with ids */
	/*
	 * known files naming it at the top level, outside definitions and
	 * macros: there only a macro's name leads to a body (DEFINE_...(name)
	 * making a function)
	 */
	unsigned *tops;
	unsigned *fn_of; /* first function of that name, + 1 */
	unsigned *kept_of; /* first kept definition of that name, + 1 */
	unsigned *macro_of; /* first definition of that name, + 1 */
	unsigned *live; /* the plan number it is live in */
	unsigned char *level; /* the shallowest depth of a body naming it */
	unsigned *pre, *suf; /* the plan in which a live macro pastes it */
	unsigned *once, once_gen; /* read once from a text (body_texts.c) */
	unsigned idcap;
	struct body_fn *fns;
	unsigned nfns, fncap;
	/*
	 * Definitions never blanked (a macro made them, a directive is in
	 * them): what they name is read when they are built. lo and hi span
	 * the definition as the walk reads it.
	 */
	struct body_fn *kept;
	unsigned nkept, keptcap;
	struct body_macro *macros;
	unsigned nmacros, macrocap;
	struct body_file *files;
	unsigned nfiles, filecap;
	struct strmap *file_of; /* path -> index in files + 1 */
	unsigned gen; /* plans made */
	struct body_queue queue[3]; /* by level */
	struct strmap *texts; /* path -> struct body_text */
	/* #include names to paths, for the include path of resolved_dirs */
	struct strmap *resolved;
	char *resolved_dirs;
	struct body_frags pre_frags, suf_frags;
	/*
	 * the names of functions, kept definitions and macros, sorted, and
	 * sorted reversed; the first of each learnt since, and per id
	 * whether it is there
	 */
	struct body_name *names, *rnames;
	unsigned nnames, namecap;
	unsigned named_fns, named_kept, named_macros;
	unsigned *named;
};

struct body_plan_file {
	CXFile f;
	int idx;
};

struct body_plan {
	struct CXUnsavedFile *files; /* the blanked headers, for libclang */
	unsigned n;
	unsigned *blanked, nblanked; /* the functions blanked, ascending */
	unsigned gen;
	const char *dir; /* the job's */
	/* the memo's file of each libclang file asked about */
	struct body_plan_file *seen;
	unsigned nfiles_seen, seen_cap;
};

struct body_memo *bodies_new(void);
void bodies_free(struct body_memo *m);

/* body_plan.c: the headers to hand libclang for @job, blanked */
void bodies_plan(struct body_memo *m, const struct tu_job *job,
		 struct body_plan *p);
/*
 * Whether @p blanked the body of the function whose name is written at
 * @name_off of @f: 0, or BLANKED_PRIM if its text named a primitive, else
 * BLANKED (events/build.h). The analysis asks before it reads a header
 * body: a yes means the TU must be parsed again whole, or that the
 * function is one the walk only repeats.
 */
int bodies_plan_blanked(const struct body_memo *m, struct body_plan *p,
			CXFile f, unsigned name_off);
void bodies_plan_free(struct body_plan *p);

/* body_plan.c: @id is written in a body built at depth @level */
void body_reach(struct body_memo *m, unsigned id, unsigned level);
/* and what that reaches */
void body_drain(struct body_memo *m);

/* body_plan.c: the cache of #include names */
void body_includes_free(struct body_memo *m);

/* body_pastes.c */
void body_fragment(struct body_memo *m, struct body_frags *l, unsigned *stamp,
		   unsigned id);
void body_close_pastes(struct body_memo *m);
void body_pastes_free(struct body_memo *m);

/*
 * The first function of file @file whose body ends after @off (its index
 * in fns; fn0 + nfns if none): the functions of a file do not overlap.
 */
unsigned bodies_fn_after(const struct body_memo *m, unsigned file,
			 unsigned off);

/* body_built.c: @fn, of the file at @path, was built */
struct function_ir;
void bodies_note_built(struct body_memo *m, const char *path,
		       const struct function_ir *fn);

/* body_learn.c: the headers of @tu the memo does not know yet */
void bodies_learn(struct body_memo *m, CXTranslationUnit tu,
		  const struct tu_job *job);

/* body_ids.c */
unsigned body_id(struct body_memo *m, const char *s, size_t n);
/* The number of @s[0..n), or -1 if no text learnt spells it. */
int body_id_find(const struct body_memo *m, const char *s, size_t n);
const char *body_id_name(const struct body_memo *m, unsigned id);
void body_ids_free(struct body_ids *t);
/*
 * Each identifier of @buf[lo..hi) in code (not in comments, literals or
 * numbers), with its offset and, on a directive line, the offset of its
 * '#' + 1 (else 0); a paste (##) comes as an identifier of length 0.
 */
typedef void (*body_ident_fn)(void *ctx, size_t off, const char *s, size_t n,
			      size_t directive);
void body_scan_idents(const char *buf, size_t lo, size_t hi, body_ident_fn fn,
		      void *ctx);

/* body_texts.c: a header the plan reads, not learnt: names, #includes */
struct body_text;
const struct body_text *body_text_of(struct body_memo *m, const char *path);
void body_text_ids(const struct body_text *t, const unsigned **ids,
		   unsigned *n);
/* each '"' or '<' followed by the name */
void body_text_includes(const struct body_text *t, char *const **incs,
			unsigned *n);
void body_texts_free(struct strmap *texts);

/* The absolute path of a file libclang named @name for a job in @dir */
char *bodies_file_path(const char *name, const char *dir);
/* The file known at @path, or -1 */
int bodies_file_find(const struct body_memo *m, const char *path);

#endif
