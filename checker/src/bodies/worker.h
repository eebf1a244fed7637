/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a command-line worker keeps across the TUs it parses
 * (docs/incremental.md): the headers it learnt and the bodies it blanks
 * (bodies.h), copies of the header functions it built (phantom.c), and
 * which header functions name a primitive (scans.c). The builder sees it
 * only through worker_memo_hooks (events/seam.h).
 */
#ifndef ORDERCHECK_BODIES_WORKER_H
#define ORDERCHECK_BODIES_WORKER_H

#include <stdbool.h>
#include <time.h>

#include "../events/seam.h"

struct body_memo;
struct body_plan;

struct worker_memo {
	struct body_memo *bodies; /* the headers learnt, NULL: no blanking */
	struct phantom_set *phantoms;
	struct scan_memo *scans;
	/* the TU being built: its plan, if it blanked any body */
	struct body_plan *plan;
	/* the file of the last scan asked for, in the build under way */
	CXFile scan_at;
	struct scan_file *scan;
};

/* @blank: the worker blanks header bodies (bodies.h) */
struct worker_memo *worker_memo_new(bool blank);
void worker_memo_free(struct worker_memo *w);
/* The next TU, built with @plan's bodies blanked (NULL: none). */
void worker_memo_tu(struct worker_memo *w, struct body_plan *plan);
/* build_opts.hooks for a worker's build, with hooks_ctx = the memo */
extern const struct build_hooks worker_memo_hooks;

/* phantom.c: copies of header functions built, by "display:offset" */
struct phantom_set;
struct phantom_set *phantoms_new(void);
void phantoms_free(struct phantom_set *p);
void phantom_put(struct phantom_set *p, const char *key,
		 const struct function_ir *f);
const struct function_ir *phantom_get(const struct phantom_set *p,
				      const char *key);

/*
 * scans.c: whether the header function at an offset of a file names a
 * primitive, as an earlier TU of the process found it: 1 or 0, or -1
 * if not known yet.
 */
struct scan_memo;
struct scan_file;
struct scan_memo *scans_new(void);
void scans_free(struct scan_memo *m);
struct scan_file *scans_file(struct scan_memo *m, const char *path, size_t len,
			     time_t mtime);
int scans_get(const struct scan_file *sf, unsigned off);
void scans_put(struct scan_file *sf, unsigned off, bool named);

#endif
