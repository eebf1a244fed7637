/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The server's side of the analysis worker (worker.h): start it, send it
 * one check at a time, collect the records, notice a crash or a hang.
 */
#ifndef ORDERCHECK_LSP_CHECKER_H
#define ORDERCHECK_LSP_CHECKER_H

#include <poll.h>
#include <stdbool.h>
#include <sys/types.h>

#include "../diag.h"
#include "../util.h"

struct checker {
	char **argv; /* how to start the worker: we exec ourselves */
	pid_t pid; /* 0: not running */
	int to, from;
	struct strbuf out; /* requests not yet written */
	size_t out_off;
	struct strbuf in; /* a partial record line */
	/* the check in flight */
	bool busy;
	unsigned long seq;
	double started;
	char *uri;
	long long version;
	struct diag_list got;
};

/* A finished check, handed to the server. */
struct check_done {
	char *uri;
	long long version;
	struct diag_list diags;
	long ms; /* as the worker measured it */
	long parse_ms; /* of which libclang's parse */
	long cpu_ms; /* the worker's CPU time for it, -1: not told */
	bool reparsed;
	/*
	 * functions kept from the last check: of headers, of the main
	 * file; and the macros of the preprocessing record, of @table
	 */
	unsigned reused, reused_main, reused_record, table;
	char *lost; /* not NULL: no results, this says why */
};

void checker_init(struct checker *ck, char **argv);
void checker_stop(struct checker *ck);

/* What a check needs, besides the worker's own options. */
struct check_req {
	const char *uri;
	long long version;
	const char *path;
	const char *text;
	size_t len;
	const char *root, *ccdir; /* may be NULL */
	const char *fallback; /* NUL-separated flags */
	size_t fallback_len;
};

/* Queue a check (the worker is started if needed); -1 if it cannot be. */
int checker_check(struct checker *ck, const struct check_req *r);
/* The worker may drop the file's TU. */
void checker_close(struct checker *ck, const char *path);

/* Descriptors to poll: -1 when there is nothing to wait for. */
void checker_pollfds(const struct checker *ck, struct pollfd *rd,
		     struct pollfd *wr);

/*
 * After poll(): write what is queued, read what came. Returns 1 with
 * @done filled when a check finished (or was lost), else 0.
 */
int checker_io(struct checker *ck, const struct pollfd *rd,
	       const struct pollfd *wr, struct check_done *done);

/* The check in flight ran over @timeout seconds: kill the worker. */
int checker_timeout(struct checker *ck, double now, double timeout,
		    struct check_done *done);

void check_done_free(struct check_done *d);

/* Monotonic seconds. */
double mono_now(void);

#endif
