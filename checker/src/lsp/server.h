/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `ordercheck lsp`: the language server's state and its methods. The
 * event loop is loop.c, the clangd proxy of --wrap proxy.c; both call
 * into the methods here for what concerns our own diagnostics, and never
 * the other way: the proxy hooks into publishing (srv_publish_fn).
 */
#ifndef ORDERCHECK_LSP_SERVER_H
#define ORDERCHECK_LSP_SERVER_H

#include <stdbool.h>

#include "../json/jsonio.h"
#include "checker.h"
#include "docs.h"
#include "frame.h"
#include "tu_cache.h"

struct lsp_opts {
	struct worker_opts worker;
	char **worker_argv; /* exec argv of `ordercheck lsp --worker ...` */
	/* seconds from the last change to the re-check; < 0: adaptive */
	double debounce;
	double timeout; /* seconds a check may take */
	char **wrap_argv; /* --wrap: clangd's command line, or NULL */
};

enum srv_state {
	SRV_NEW, /* before initialize */
	SRV_RUNNING,
	SRV_SHUTDOWN, /* after shutdown: waiting for exit */
};

struct server;

/*
 * The adaptive debounce, in seconds: clangd's DebouncePolicy::compute()
 * (clang-tools-extra/clangd/TUScheduler.cpp, clangd 14) with its
 * defaults: the median of the last 15 checks' times (@took, @n of them,
 * in ms) times a RebuildRatio of 1, within 50 and 500 ms; 500 ms before
 * any check.
 */
double srv_debounce_policy(const long *took, unsigned n);

/*
 * Sends our diagnostics for @d to the client, or for a document being
 * closed (@closing) the empty list: the proxy's, which merges them with
 * clangd's.
 */
typedef void (*srv_publish_fn)(void *arg, struct server *s, struct doc *d,
			       bool closing);

struct server {
	const struct lsp_opts *o;
	enum srv_state state;
	bool init_seen; /* initialize received (under --wrap: maybe unanswered) */
	bool exiting;
	int exit_code;
	enum pos_enc enc;
	const char *enc_field; /* where we told the client: NULL, or a key */
	bool literals; /* the client takes CodeAction literals */
	bool related; /* ... and relatedInformation */
	char *root; /* the workspace root directory, or NULL */
	json_t *client_caps; /* from initialize */
	char *init_ccdir; /* initializationOptions.compilationDatabasePath */
	struct strbuf init_fallback; /* ... .fallbackFlags, NUL-separated */
	struct docs docs;
	struct checker ck;
	struct frame_reader in;
	bool in_eof;
	bool wrapped; /* --wrap: clangd answers what we do not */
	srv_publish_fn publish; /* NULL: we publish ours alone */
	void *publish_arg;
	unsigned long next_id;
};

void server_init(struct server *s, const struct lsp_opts *o);
void server_free(struct server *s);

/* One message from the client, when we answer it ourselves. */
void server_message(struct server *s, const json_t *msg);
/* A body that is not JSON, or not JSON-RPC: answered with an error. */
void server_bad_message(struct server *s, const char *why, int code);

/* Writing to the client (@msg is ours to free); a dead client ends it. */
void srv_send(struct server *s, json_t *msg);
/* A message passed on unchanged. */
void srv_send_raw(struct server *s, const char *body, size_t len);
void srv_error(struct server *s, const json_t *id, int code, const char *msg);
void srv_log(struct server *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* window/showMessage: type 1 error, 2 warning, 3 info. */
void srv_show(struct server *s, int type, const char *msg);

/* The parts of the protocol that --wrap shares. */
void srv_note_initialize(struct server *s, const json_t *params);
/* Pick the position encoding from what the client offered (not --wrap). */
void srv_choose_encoding(struct server *s);
json_t *srv_initialize_result(struct server *s);
/* exit, and the document notifications (didOpen ... didClose). */
void srv_notification(struct server *s, const char *method,
		      const json_t *params);
/* workspace/executeCommand for our command; false if it is not ours. */
bool srv_execute_command(struct server *s, const json_t *id,
			 const json_t *params);
/* Our code actions for a request's params, appended to the array @out. */
void srv_code_actions(struct server *s, json_t *out, const json_t *params);
/* A response from the client to a request of ours. */
void srv_our_response(struct server *s, const json_t *msg);
/* Our diagnostics for @d changed: tell the client, through the hook. */
void srv_publish(struct server *s, struct doc *d);

/* The loop's hooks. */
void srv_dispatch_due(struct server *s, double now);
double srv_next_due(const struct server *s, double now);
void srv_check_done(struct server *s, struct check_done *cd);

#endif
