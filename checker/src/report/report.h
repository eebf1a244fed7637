/* SPDX-License-Identifier: GPL-2.0 */
/* The sinks every diagnostic goes to: text, json, fixes, --verify. */
#ifndef ORDERCHECK_REPORT_H
#define ORDERCHECK_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "../diag.h"

/* path:line:col: warning: message [rule-id], then note: lines */
void report_text(FILE *out, const struct diag_list *l);

/* kbuild's C=1: sparse's shape, notes indented under their finding */
void report_sparse_style(FILE *out, const struct diag_list *l);

/* The --format=json document (version 1). */
void report_json(FILE *out, const struct diag_list *l, unsigned files_checked);

/* What the html page says about the run besides its findings. */
struct html_info {
	unsigned files_checked;
	double seconds; /* the run's time, or < 0 if not known */
	const char *base; /* relative paths are below it (absolute), or NULL */
	/* where rule pages are: BASE<rule-id>/README.md; NULL "testcases/" */
	const char *rule_docs;
	const char *command, *generated; /* or NULL */
	const char *baseline; /* --baseline FILE, or NULL */
	int baseline_known; /* the findings it holds, not shown */
};

/*
 * --format=html: one self-contained page (inline CSS and a script that
 * only adds filters); the source around every location is quoted from
 * the files, read below @info->base.
 */
void report_html(FILE *out, const struct diag_list *l,
		 const struct html_info *info);

/*
 * Read a --format=json document (version 1) into @l: the findings with
 * their notes, safe fixes and threads, and the run's errors. Returns 0,
 * or -1 with *err saying why (malloc).
 */
int report_read_json(const char *text, size_t len, struct diag_list *l,
		     unsigned *files_checked, char **err);

/*
 * SARIF 2.1.0 and GitLab code quality; @fps from fingerprints_compute(),
 * one per diagnostic of @l.
 */
void report_sarif(FILE *out, const struct diag_list *l, char **fps);
void report_codeclimate(FILE *out, const struct diag_list *l, char **fps);

/* Apply the safe fixes in place; returns the number of files changed or -1. */
int report_fix_apply(const struct diag_list *l, FILE *err);
/* Print the safe fixes as a unified diff; returns 0 or -1. */
int report_fix_diff(FILE *out, const struct diag_list *l, FILE *err);

/*
 * Match the diagnostics located in @files, and in the headers they
 * include, against the inline expectations of each (paths are compared
 * as spelled relative to @base). Prints each mismatch to @out; returns 0
 * when all match, 1 otherwise, and 2 when a file cannot be read.
 */
int report_verify(FILE *out, const char *base, char *const *files,
		  unsigned nfiles, const struct diag_list *l);

#endif
