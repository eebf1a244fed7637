// SPDX-License-Identifier: GPL-2.0
/*
 * A worker's side of the seam (events/seam.h): what it answers from what
 * earlier TUs of the process left. Each answer is what the builder would
 * find itself: a blanked body's copy is the function built from the same
 * header text (phantom.c), a scan is the same text's (scans.c), and a
 * build that needs a body the plan blanked gives up and is made again
 * from a whole parse (bodies.h).
 */
#include <stdlib.h>

#include "../util.h"
#include "bodies.h"
#include "worker.h"

struct worker_memo *worker_memo_new(bool blank)
{
	struct worker_memo *w = xcalloc(1, sizeof(*w));

	w->scans = scans_new();
	if (blank) {
		w->bodies = bodies_new();
		w->phantoms = phantoms_new();
	}
	return w;
}

void worker_memo_free(struct worker_memo *w)
{
	if (!w)
		return;
	if (w->bodies)
		bodies_free(w->bodies);
	phantoms_free(w->phantoms);
	scans_free(w->scans);
	free(w);
}

void worker_memo_tu(struct worker_memo *w, struct body_plan *plan)
{
	w->plan = plan;
}

/* A build begins: a CXFile of the TU before may be this one's address. */
static bool begin(void *ctx, struct builder *b, CXFile main, bool includes_same)
{
	struct worker_memo *w = ctx;

	(void)main;
	(void)includes_same;
	w->scan_at = NULL;
	w->scan = NULL;
	/* a local view is the editor's: nothing here makes up for it */
	return !build_local_view(b);
}

static int blanked(void *ctx, CXFile f, unsigned off)
{
	struct worker_memo *w = ctx;

	return w->plan ? bodies_plan_blanked(w->bodies, w->plan, f, off) : 0;
}

/* Its text names a primitive: as a blanked body's plan or a scan found. */
static bool names_primitive(void *ctx, struct builder *b, CXCursor fn,
			    struct floc at)
{
	struct worker_memo *w = ctx;
	const char *text = NULL;
	size_t len = 0;
	int known, was;
	bool named;

	/* the file read first, as a build without a worker reads it */
	if (w->scans)
		text = build_text(b, at.file, &len);
	/* its text is blanked: what the plan read before */
	was = blanked(w, at.file, at.off);
	if (was)
		return was == BLANKED_PRIM;
	if (!text)
		return build_names_primitive(b, fn);
	/* functions come file by file */
	if (w->scan_at != at.file) {
		w->scan = scans_file(w->scans, build_display(b, at.file), len,
				     clang_getFileTime(at.file));
		w->scan_at = at.file;
	}
	known = scans_get(w->scan, at.off);
	if (known >= 0)
		return known;
	named = build_names_primitive(b, fn);
	scans_put(w->scan, at.off, named);
	return named;
}

/*
 * A header function whose text names a primitive, blanked where nothing
 * in the TU calls it: an earlier TU of this process built it (its header
 * was not known then), and its copy takes its place. Without one, the
 * TU is to be parsed whole.
 */
static enum build_choice choose(void *ctx, struct builder *b, struct floc at,
				const char *name, bool in_main)
{
	struct worker_memo *w = ctx;
	const struct function_ir *f = NULL;
	char *key;

	(void)name;
	if (in_main || !blanked(w, at.file, at.off))
		return BUILD_IT;
	key = build_header_key(b, at);
	if (build_seen(b, key) && w->phantoms)
		f = phantom_get(w->phantoms, key);
	free(key);
	if (f) {
		build_push(b, build_copy(b, f, build_display(b, at.file)));
		return BUILD_TAKEN;
	}
	build_need_bodies(b);
	return BUILD_GIVE_UP;
}

/* The header function just built, kept for the TUs that blank it. */
static void built(void *ctx, struct builder *b, const struct function_ir *f,
		  struct floc at, const struct build_effects *fx)
{
	struct worker_memo *w = ctx;
	char *key;

	(void)fx;
	if (!f->in_header || !w->phantoms || build_needs_bodies(b))
		return;
	key = build_header_key(b, at);
	phantom_put(w->phantoms, key, f);
	free(key);
}

const struct build_hooks worker_memo_hooks = {
	.begin = begin,
	.choose = choose,
	.built = built,
	.names_primitive = names_primitive,
	.blanked = blanked,
};
