/* SPDX-License-Identifier: GPL-2.0 */
/* Diagnostics: the one record every engine produces and every sink reads. */
#ifndef ORDERCHECK_DIAG_H
#define ORDERCHECK_DIAG_H

#include <stdbool.h>
#include <stdio.h>

enum oc_severity {
	SEV_NOTE,
	SEV_WARNING,
	SEV_ERROR,
};

struct oc_note {
	char *file;
	unsigned line, col;
	char *message;
};

/* A replacement of bytes [off, end_off) of file; lines and columns 1-based. */
struct oc_fix {
	char *file;
	unsigned line, col, end_line, end_col;
	unsigned off, end_off;
	char *replacement;
};

/* One access of a thread of a pairing finding. */
struct oc_access {
	char *file;
	unsigned line, col;
	char *op; /* "W", "R" or "RMW" */
	char *text; /* as the code spells it: "smp_store_release(foo.flag)" */
};

/*
 * A side of a pairing finding, as a thread: two accesses in program
 * order and what orders them, for sinks that draw it (the HTML report).
 */
struct oc_thread {
	char *function;
	struct oc_access a[2];
	char *order; /* "smp_wmb()", "an address dependency"; "" for none */
	char *order_file; /* where that is, or "" */
	unsigned order_line, order_col;
	/* enum ord (pairs/order.h): 0 none, 1 wrong kind, 2 unknown, 3 yes */
	unsigned ord;
};

/*
 * The two sides of a pairing finding and the litmus shape they make
 * ("MP", "S", "SB", "LB", "same-way"); which edges make the bad outcome
 * follows from the shape.
 */
struct oc_threads {
	char *shape;
	struct oc_thread t[2];
};

/*
 * rule == NULL marks a message about the run itself (a file that does not
 * parse, a crashed worker): printed, never suppressed, never a finding.
 */
struct oc_diag {
	char *rule;
	enum oc_severity sev;
	char *file;
	unsigned line, col;
	char *function;
	char *message;
	struct oc_note *notes;
	unsigned nnotes;
	struct oc_fix *fixes;
	unsigned nfixes;
	bool fix_safe;
	struct oc_threads *threads; /* pairing findings, or NULL */
};

struct diag_list {
	struct oc_diag *v;
	unsigned n, cap;
};

struct oc_diag *diag_add(struct diag_list *l, const char *rule,
			 enum oc_severity sev, const char *file, unsigned line,
			 unsigned col, const char *function,
			 const char *message);
void diag_add_note(struct oc_diag *d, const char *file, unsigned line,
		   unsigned col, const char *message);
void diag_add_fix(struct oc_diag *d, const struct oc_fix *fix);
/* Give @d its threads (copied). */
void diag_set_threads(struct oc_diag *d, const struct oc_threads *t);
void diag_list_free(struct diag_list *l);
void diag_list_move(struct diag_list *dst, struct diag_list *src);
/* Free the diagnostics past the first @n. */
void diag_list_truncate(struct diag_list *l, unsigned n);
/* Keep the diagnostics @keep accepts, in order; free the others. */
void diag_list_filter(struct diag_list *l,
		      bool (*keep)(const struct oc_diag *d, void *arg),
		      void *arg);
/* The same, past the first @from only (what one step just added). */
void diag_list_filter_from(struct diag_list *l, unsigned from,
			   bool (*keep)(const struct oc_diag *d, void *arg),
			   void *arg);

/* Sort by file, line, column, rule; drop exact repeats (header findings). */
void diag_list_sort_unique(struct diag_list *l);

unsigned diag_count_findings(const struct diag_list *l);

const char *diag_severity_name(enum oc_severity sev);

/* The worker -> parent wire format: one tab-separated record per line. */
void diag_write_records(FILE *out, const struct diag_list *l);
/* Parse one record line into @l; returns 0, or -1 on a malformed line. */
int diag_read_record(struct diag_list *l, char *line);

#endif
