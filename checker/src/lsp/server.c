// SPDX-License-Identifier: GPL-2.0
/* The language server's methods: lifecycle, documents, diagnostics. */
#include "server.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../uri.h"
#include "actions.h"
#include "render.h"
#include "rpc.h"

void server_init(struct server *s, const struct lsp_opts *o)
{
	memset(s, 0, sizeof(*s));
	s->o = o;
	s->enc = ENC_UTF16;
	s->literals = true;
	s->related = true;
	frame_reader_init(&s->in);
	checker_init(&s->ck, o->worker_argv);
}

void server_free(struct server *s)
{
	checker_stop(&s->ck);
	docs_free(&s->docs);
	frame_reader_free(&s->in);
	free(s->root);
	json_decref(s->client_caps);
	free(s->init_ccdir);
	free(s->init_fallback.s);
}

void srv_log(struct server *s, const char *fmt, ...)
{
	va_list ap;

	(void)s;
	fputs("ordercheck lsp: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void srv_send_raw(struct server *s, const char *body, size_t len)
{
	if (!s->exiting && frame_write(1, body, len)) {
		srv_log(s, "cannot write to the client: exiting");
		s->exiting = true;
		s->exit_code = 1;
	}
}

void srv_send(struct server *s, json_t *msg)
{
	size_t len;
	char *text = jsonio_dump(msg, &len);

	srv_send_raw(s, text, len);
	free(text);
	json_decref(msg);
}

void srv_error(struct server *s, const json_t *id, int code, const char *msg)
{
	srv_send(s, rpc_error(id, code, msg));
}

void srv_show(struct server *s, int type, const char *msg)
{
	srv_send(s, rpc_notification("window/showMessage",
				     jsonio_pack("{s:i,s:o}", "type", type,
						 "message", jsonio_str(msg))));
}

void server_bad_message(struct server *s, const char *why, int code)
{
	char *msg = xasprintf("%s: %s",
			      code == RPC_PARSE_ERROR ? "Parse error" :
							"Invalid Request",
			      why);

	srv_log(s, "%s", msg);
	srv_error(s, NULL, code, msg);
	free(msg);
}

/* ---- initialize ---- */

void srv_choose_encoding(struct server *s)
{
	const json_t *caps = s->client_caps;
	const json_t *pe = jsonio_path(caps, "general.positionEncodings");

	/* UTF-8 is what libclang counts: take it whenever it is offered */
	if (jsonio_has_str(pe, "utf-8")) {
		s->enc = ENC_UTF8;
		s->enc_field = "positionEncoding";
	} else if (jsonio_has_str(json_object_get(caps, "offsetEncoding"),
				  "utf-8")) {
		s->enc = ENC_UTF8; /* clangd's extension, before LSP 3.17 */
		s->enc_field = "offsetEncoding";
	} else if (pe) {
		s->enc_field = "positionEncoding";
	}
}

static void root_of(struct server *s, const json_t *params)
{
	const json_t *wf = json_object_get(params, "workspaceFolders");
	const char *uri = json_string_value(json_object_get(params, "rootUri"));
	const char *path =
		json_string_value(json_object_get(params, "rootPath"));

	if (!uri)
		uri = json_string_value(
			json_object_get(json_array_get(wf, 0), "uri"));
	free(s->root);
	s->root = uri ? uri_to_path(uri) : NULL;
	if (!s->root && path)
		s->root = path_absolute(path);
}

/* clangd's initializationOptions, so one editor setting serves both. */
static void init_options(struct server *s, const json_t *io)
{
	const char *db = json_string_value(
		json_object_get(io, "compilationDatabasePath"));
	const json_t *ff = json_object_get(io, "fallbackFlags");
	size_t i;

	free(s->init_ccdir);
	s->init_ccdir = db && *db ? path_absolute(db) : NULL;
	s->init_fallback.len = 0;
	for (i = 0; i < json_array_size(ff); i++) {
		const char *f = json_string_value(json_array_get(ff, i));

		if (f)
			sb_add(&s->init_fallback, f, strlen(f) + 1);
	}
}

void srv_note_initialize(struct server *s, const json_t *params)
{
	const json_t *caps = json_object_get(params, "capabilities");
	const json_t *pd = jsonio_path(caps, "textDocument.publishDiagnostics");

	s->init_seen = true;
	root_of(s, params);
	init_options(s, json_object_get(params, "initializationOptions"));
	s->literals = jsonio_path(caps, "textDocument.codeAction."
					"codeActionLiteralSupport") != NULL;
	s->related = json_is_true(json_object_get(pd, "relatedInformation"));
	json_decref(s->client_caps);
	s->client_caps = caps ? json_deep_copy(caps) : NULL;
	/* under --wrap clangd chooses, and we follow */
	if (!s->wrapped)
		srv_choose_encoding(s);
	srv_log(s, "root %s, %s positions", s->root ? s->root : "(none)",
		pos_enc_name(s->enc));
}

static json_t *capabilities(struct server *s)
{
	json_t *caps = json_object();

	if (s->enc_field && !strcmp(s->enc_field, "positionEncoding"))
		jsonio_set(caps, "positionEncoding",
			   json_string(pos_enc_name(s->enc)));
	/* change 1: full text, a C file is small next to a parse */
	jsonio_set(caps, "textDocumentSync",
		   jsonio_pack("{s:b,s:i,s:{s:b}}", "openClose", 1, "change", 1,
			       "save", "includeText", 0));
	jsonio_set(caps, "codeActionProvider",
		   s->literals ? jsonio_pack("{s:[s]}", "codeActionKinds",
					     "quickfix") :
				 json_true());
	jsonio_set(caps, "executeCommandProvider",
		   jsonio_pack("{s:[s]}", "commands", ACTION_COMMAND));
	return caps;
}

json_t *srv_initialize_result(struct server *s)
{
	json_t *r = jsonio_pack("{s:o,s:{s:s,s:s}}", "capabilities",
				capabilities(s), "serverInfo", "name",
				"ordercheck", "version", ORDERCHECK_VERSION);

	if (s->enc_field && !strcmp(s->enc_field, "offsetEncoding"))
		jsonio_set(r, "offsetEncoding",
			   json_string(pos_enc_name(s->enc)));
	return r;
}

static void on_initialize(struct server *s, const json_t *id,
			  const json_t *params)
{
	if (s->init_seen) {
		srv_error(s, id, RPC_INVALID_REQUEST,
			  "initialize was already received");
		return;
	}
	srv_note_initialize(s, params);
	srv_send(s, rpc_result(id, srv_initialize_result(s)));
	s->state = SRV_RUNNING;
}

/* ---- documents ---- */

static bool checkable(const struct doc *d, const char *language)
{
	const char *dot = d->path ? strrchr(d->path, '.') : NULL;

	if (!d->path)
		return false;
	/* Vim calls .h files cpp: the extension decides for headers */
	if (dot && (!strcmp(dot, ".c") || !strcmp(dot, ".h")))
		return true;
	return language && !strcmp(language, "c");
}

static const char *doc_uri(const json_t *params)
{
	return json_string_value(jsonio_path(params, "textDocument.uri"));
}

static void did_open(struct server *s, const json_t *params)
{
	const json_t *td = json_object_get(params, "textDocument");
	const json_t *text = json_object_get(td, "text");
	const char *uri = json_string_value(json_object_get(td, "uri"));
	long long v = 0;
	struct doc *d;

	if (!uri || !json_is_string(text)) {
		srv_log(s, "didOpen without a uri or text: ignored");
		return;
	}
	jsonio_get_int(json_object_get(td, "version"), &v);
	d = docs_open(&s->docs, uri, json_string_value(text),
		      json_string_length(text), v);
	if (!checkable(d,
		       json_string_value(json_object_get(td, "languageId")))) {
		srv_log(s, "%s: not a C file we can check", uri);
		free(d->path);
		d->path = NULL;
		return;
	}
	d->due = mono_now();
}

static int by_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

double srv_debounce_policy(const long *took, unsigned n)
{
	const double min = 0.05, max = 0.5, ratio = 1;
	long recent[DOC_HISTORY];
	double target;

	if (!n)
		return max; /* clangd: "Arbitrary." */
	if (n > DOC_HISTORY) {
		took += n - DOC_HISTORY;
		n = DOC_HISTORY;
	}
	/* the median (the upper one of an even count, as nth_element's) */
	memcpy(recent, took, n * sizeof(*recent));
	qsort(recent, n, sizeof(*recent), by_long);
	target = ratio * (double)recent[n / 2] / 1000;
	return target > max ? max : target < min ? min : target;
}

/* --debounce MS, or the policy above on @d's last checks. */
static double debounce(const struct server *s, const struct doc *d)
{
	return s->o->debounce >= 0 ? s->o->debounce :
				     srv_debounce_policy(d->took, d->ntook);
}

static void did_change(struct server *s, const json_t *params)
{
	struct doc *d = docs_find(&s->docs, doc_uri(params));
	const json_t *ch = json_object_get(params, "contentChanges");
	long long v;
	size_t i;

	if (!d || !json_is_array(ch)) {
		srv_log(s, "didChange for a document not open, or without "
			   "contentChanges: ignored");
		return;
	}
	for (i = 0; i < json_array_size(ch); i++)
		if (doc_apply_change(d, json_array_get(ch, i), s->enc))
			srv_log(s, "%s: a malformed change was ignored",
				d->uri);
	if (jsonio_get_int(jsonio_path(params, "textDocument.version"), &v))
		d->version = v;
	else
		d->version++;
	if (d->path)
		d->due = mono_now() + debounce(s, d);
}

static bool is_header(const struct doc *d)
{
	const char *dot = d->path ? strrchr(d->path, '.') : NULL;

	return dot && !strcmp(dot, ".h");
}

static void did_save(struct server *s, const json_t *params)
{
	struct doc *d = docs_find(&s->docs, doc_uri(params));
	const json_t *text = json_object_get(params, "text");
	double now = mono_now();
	unsigned i;

	if (!d)
		return;
	if (json_is_string(text)) {
		free(d->text);
		d->len = json_string_length(text);
		d->text = xstrndup(json_string_value(text), d->len);
	}
	if (!d->path)
		return;
	d->failed_version = -1; /* a save asks again, even after a crash */
	d->due = now;
	/* a saved header changes the files that include it */
	for (i = 0; is_header(d) && i < s->docs.n; i++)
		if (s->docs.v[i] != d && s->docs.v[i]->path)
			s->docs.v[i]->due = now + debounce(s, s->docs.v[i]);
}

static void publish(struct server *s, struct doc *d, bool closing)
{
	json_t *diags;

	if (s->publish) {
		s->publish(s->publish_arg, s, d, closing);
		return;
	}
	diags = json_array();
	if (json_is_array(d->diags))
		json_array_extend(diags, d->diags);
	srv_send(s, rpc_notification("textDocument/publishDiagnostics",
				     jsonio_pack("{s:o,s:I,s:o}", "uri",
						 jsonio_str(d->uri), "version",
						 (json_int_t)d->res_version,
						 "diagnostics", diags)));
}

void srv_publish(struct server *s, struct doc *d)
{
	publish(s, d, false);
}

static void did_close(struct server *s, const json_t *params)
{
	struct doc *d = docs_find(&s->docs, doc_uri(params));

	if (!d)
		return;
	if (d->path)
		checker_close(&s->ck, d->path);
	doc_clear_results(d);
	d->have = true;
	d->res_version = d->version;
	/* an empty list clears what we showed, and under --wrap clangd's */
	publish(s, d, true);
	docs_close(&s->docs, d);
}

/* ---- code actions and our command ---- */

void srv_code_actions(struct server *s, json_t *out, const json_t *params)
{
	struct doc *d = docs_find(&s->docs, doc_uri(params));
	struct action_query q;

	if (!d) {
		char *path =
			doc_uri(params) ? uri_to_path(doc_uri(params)) : NULL;

		d = docs_find_path(&s->docs, path);
		free(path);
	}
	if (d && !actions_query(params, &q))
		actions_emit(out, d, &q, s->literals);
}

static void on_code_action(struct server *s, const json_t *id,
			   const json_t *params)
{
	struct action_query q;
	json_t *acts;

	if (!doc_uri(params) || actions_query(params, &q)) {
		srv_error(s, id, RPC_INVALID_PARAMS,
			  "codeAction needs textDocument.uri and range");
		return;
	}
	acts = json_array();
	srv_code_actions(s, acts, params);
	srv_send(s, rpc_result(id, acts));
}

bool srv_execute_command(struct server *s, const json_t *id,
			 const json_t *params)
{
	const char *cmd = json_string_value(json_object_get(params, "command"));
	json_t *edit = json_array_get(json_object_get(params, "arguments"), 0);
	char rid[48];

	if (!cmd || strcmp(cmd, ACTION_COMMAND))
		return false;
	if (!json_is_object(edit)) {
		srv_error(s, id, RPC_INVALID_PARAMS,
			  ACTION_COMMAND " takes a WorkspaceEdit");
		return true;
	}
	/* the client applies the edit; this answers the command itself */
	snprintf(rid, sizeof(rid), RPC_OUR_ID_PREFIX "%lu", ++s->next_id);
	srv_send(s, rpc_request(rid, "workspace/applyEdit",
				jsonio_pack("{s:s,s:O}", "label",
					    "ordercheck fix", "edit", edit)));
	srv_send(s, rpc_result(id, json_null()));
	return true;
}

void srv_our_response(struct server *s, const json_t *msg)
{
	const json_t *err = json_object_get(msg, "error");
	const json_t *applied = jsonio_path(msg, "result.applied");
	const char *why = json_string_value(json_object_get(err, "message"));

	if (err)
		srv_log(s, "the client refused a request of ours: %s",
			why ? why : "(no message)");
	else if (applied && !json_is_true(applied))
		srv_log(s, "the client did not apply our edit");
}

/* ---- dispatch ---- */

static void on_request(struct server *s, const char *m, const json_t *id,
		       const json_t *params)
{
	if (!strcmp(m, "initialize")) {
		on_initialize(s, id, params);
	} else if (s->state == SRV_NEW) {
		srv_error(s, id, RPC_SERVER_NOT_INITIALIZED,
			  "initialize comes first");
	} else if (s->state == SRV_SHUTDOWN) {
		srv_error(s, id, RPC_INVALID_REQUEST,
			  "the server is shutting down");
	} else if (!strcmp(m, "shutdown")) {
		s->state = SRV_SHUTDOWN;
		srv_send(s, rpc_result(id, json_null()));
	} else if (!strcmp(m, "textDocument/codeAction")) {
		on_code_action(s, id, params);
	} else if (!strcmp(m, "workspace/executeCommand")) {
		if (!srv_execute_command(s, id, params))
			srv_error(s, id, RPC_INVALID_PARAMS, "unknown command");
	} else {
		char *msg = xasprintf(s->wrapped ? "%s: clangd is not running" :
						   "%s: not supported",
				      m);

		srv_error(s, id,
			  s->wrapped ? RPC_REQUEST_FAILED :
				       RPC_METHOD_NOT_FOUND,
			  msg);
		free(msg);
	}
}

void srv_notification(struct server *s, const char *m, const json_t *params)
{
	if (!strcmp(m, "exit")) {
		s->exiting = true;
		s->exit_code = s->state == SRV_SHUTDOWN ? 0 : 1;
		return;
	}
	if (s->state != SRV_RUNNING)
		return; /* before initialize or after shutdown: dropped */
	if (!strcmp(m, "textDocument/didOpen"))
		did_open(s, params);
	else if (!strcmp(m, "textDocument/didChange"))
		did_change(s, params);
	else if (!strcmp(m, "textDocument/didSave"))
		did_save(s, params);
	else if (!strcmp(m, "textDocument/didClose"))
		did_close(s, params);
	/* initialized, $/cancelRequest, $/setTrace...: nothing to do */
}

void server_message(struct server *s, const json_t *msg)
{
	const char *method;
	json_t *id;

	switch (rpc_classify(msg, &method, &id)) {
	case RPC_REQUEST:
		on_request(s, method, id, json_object_get(msg, "params"));
		break;
	case RPC_NOTIFICATION:
		srv_notification(s, method, json_object_get(msg, "params"));
		break;
	case RPC_RESPONSE:
		if (rpc_id_is_ours(id))
			srv_our_response(s, msg);
		break;
	case RPC_INVALID:
		srv_log(s, "not a JSON-RPC message: answered with an error");
		srv_error(s, id, RPC_INVALID_REQUEST,
			  "Invalid Request: not a JSON-RPC 2.0 message");
		break;
	}
}

/* ---- checks ---- */

void srv_dispatch_due(struct server *s, double now)
{
	struct doc *best = NULL;
	struct check_req r;
	unsigned i;

	if (s->ck.busy || s->state != SRV_RUNNING)
		return;
	for (i = 0; i < s->docs.n; i++) {
		struct doc *d = s->docs.v[i];

		if (!d->path || !d->due || d->due > now ||
		    d->version == d->failed_version)
			continue;
		if (!best || d->due < best->due)
			best = d;
	}
	if (!best)
		return;
	best->due = 0;
	memset(&r, 0, sizeof(r));
	r.uri = best->uri;
	r.version = best->version;
	r.path = best->path;
	r.text = best->text;
	r.len = best->len;
	r.root = s->root;
	r.ccdir = s->init_ccdir;
	r.fallback = s->init_fallback.s;
	r.fallback_len = s->init_fallback.len;
	if (checker_check(&s->ck, &r)) {
		render_lost(best, "cannot start the checker process");
		best->failed_version = best->version;
		srv_publish(s, best);
		return;
	}
	best->in_flight = true;
}

double srv_next_due(const struct server *s, double now)
{
	double next = -1;
	unsigned i;

	if (s->ck.busy || s->state != SRV_RUNNING)
		return -1;
	for (i = 0; i < s->docs.n; i++) {
		const struct doc *d = s->docs.v[i];

		if (!d->path || !d->due || d->version == d->failed_version)
			continue;
		if (next < 0 || d->due - now < next)
			next = d->due > now ? d->due - now : 0;
	}
	return next;
}

void srv_check_done(struct server *s, struct check_done *cd)
{
	struct doc *d = docs_find(&s->docs, cd->uri);
	struct render_ctx rc = { s->enc, s->related, &s->docs };

	if (!d)
		return; /* closed meanwhile */
	d->in_flight = false;
	if (cd->version != d->version)
		return; /* stale: the newer text is due already */
	if (cd->lost) {
		srv_log(s, "%s: %s", d->path, cd->lost);
		d->failed_version = d->version;
		render_lost(d, cd->lost);
	} else {
		doc_took(d, cd->ms, cd->reparsed);
		diag_list_sort_unique(&cd->diags);
		render_results(d, &cd->diags, &rc);
		srv_log(s,
			"%s: checked in %ld ms (%s %ld ms, analysis %ld ms), "
			"%u diagnostic%s; %ld ms of CPU; %u header functions "
			"kept, %u of the main file's; %u of %u macros",
			d->path, cd->ms, cd->reparsed ? "re-parse" : "parse",
			cd->parse_ms, cd->ms - cd->parse_ms,
			(unsigned)json_array_size(d->diags),
			json_array_size(d->diags) == 1 ? "" : "s", cd->cpu_ms,
			cd->reused, cd->reused_main, cd->reused_record,
			cd->table);
	}
	srv_publish(s, d);
}
