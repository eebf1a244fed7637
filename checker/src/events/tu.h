/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event IR of a whole translation unit, as its readers see it: no
 * libclang here (build.h makes one from a CXTranslationUnit).
 */
#ifndef ORDERCHECK_EVENTS_TU_H
#define ORDERCHECK_EVENTS_TU_H

#include <stddef.h>

#include "events.h"

struct arena;
struct ir_file;

/* A function whose address is stored in @slot (bindings.h). */
struct binding {
	const char *slot;
	const char *fn;
};

struct tu_ir {
	struct function_ir **fns;
	unsigned nfns;
	struct ir_file **files; /* the files events point into */
	unsigned nfiles;
	struct arena *arena;
	/* the callees' bodies that events point into (callee_body) */
	struct evlist kept;
	/* the dialect it is written in, whose names its messages speak */
	enum oc_dialect dialect;
	/* where the main file stores functions' addresses (bindings.c) */
	struct binding *binds;
	unsigned nbinds;
};

/* The text of the file an event's span names, or NULL. */
const char *events_file_text(const struct tu_ir *ir, const char *display,
			     size_t *len);

/* 1-based line and column of byte @off of that file, from its line index. */
void events_line_col(const struct tu_ir *ir, const char *display, unsigned off,
		     unsigned *line, unsigned *col);

void events_free_tu(struct tu_ir *ir);
/* The events of @l and what they own (not the list's arena). */
void event_free_list(struct evlist *l);

#endif
