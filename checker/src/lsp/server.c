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
	json_free(s->client_caps);
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

void srv_send(struct server *s, struct jw *w)
{
	size_t len;
	char *text = jw_detach(w, &len);

	if (!s->exiting && frame_write(1, text, len)) {
		srv_log(s, "cannot write to the client: exiting");
		s->exiting = true;
		s->exit_code = 1;
	}
	free(text);
}

void srv_error(struct server *s, const struct json *id, int code,
	       const char *msg)
{
	struct jw w = { { 0 }, false };

	rpc_error(&w, id, code, msg);
	srv_send(s, &w);
}

static void result_null(struct server *s, const struct json *id)
{
	struct jw w = { { 0 }, false };

	rpc_result_begin(&w, id);
	jw_null(&w);
	jw_obj_end(&w);
	srv_send(s, &w);
}

void srv_show(struct server *s, int type, const char *msg)
{
	struct jw w = { { 0 }, false };

	rpc_notification_begin(&w, "window/showMessage");
	jw_obj(&w);
	jw_key(&w, "type");
	jw_int(&w, type);
	jw_key(&w, "message");
	jw_str(&w, msg);
	jw_obj_end(&w);
	jw_obj_end(&w);
	srv_send(s, &w);
}

void server_bad_message(struct server *s, const char *why, int code)
{
	struct json null = { .type = JSON_NULL };
	char *msg = xasprintf("%s: %s",
			      code == RPC_PARSE_ERROR ? "Parse error" :
							"Invalid Request",
			      why);

	srv_log(s, "%s", msg);
	srv_error(s, &null, code, msg);
	free(msg);
}

/* ---- initialize ---- */

void srv_choose_encoding(struct server *s)
{
	const struct json *caps = s->client_caps;
	const struct json *pe = json_path(caps, "general.positionEncodings");

	/* UTF-8 is what libclang counts: take it whenever it is offered */
	if (json_array_has_str(pe, "utf-8")) {
		s->enc = ENC_UTF8;
		s->enc_field = "positionEncoding";
	} else if (json_array_has_str(json_get(caps, "offsetEncoding"),
				      "utf-8")) {
		s->enc = ENC_UTF8; /* clangd's extension, before LSP 3.17 */
		s->enc_field = "offsetEncoding";
	} else if (pe) {
		s->enc_field = "positionEncoding";
	}
}

static void root_of(struct server *s, const struct json *params)
{
	const struct json *wf = json_get(params, "workspaceFolders");
	const char *uri = json_str(json_get(params, "rootUri"));

	if (!uri && wf && wf->type == JSON_ARRAY && wf->n)
		uri = json_str(json_get(wf->v[0], "uri"));
	free(s->root);
	s->root = uri ? uri_to_path(uri) : NULL;
	if (!s->root && json_str(json_get(params, "rootPath")))
		s->root = path_absolute(json_str(json_get(params, "rootPath")));
}

/* clangd's initializationOptions, so one editor setting serves both. */
static void init_options(struct server *s, const struct json *io)
{
	const char *db = json_str(json_get(io, "compilationDatabasePath"));
	const struct json *ff = json_get(io, "fallbackFlags");
	unsigned i;

	free(s->init_ccdir);
	s->init_ccdir = db && *db ? path_absolute(db) : NULL;
	s->init_fallback.len = 0;
	for (i = 0; ff && ff->type == JSON_ARRAY && i < ff->n; i++)
		if (json_str(ff->v[i]))
			sb_add(&s->init_fallback, ff->v[i]->s,
			       strlen(ff->v[i]->s) + 1);
}

void srv_note_initialize(struct server *s, const struct json *params)
{
	const struct json *caps = json_get(params, "capabilities");
	const struct json *pd =
		json_path(caps, "textDocument.publishDiagnostics");

	s->init_seen = true;
	root_of(s, params);
	init_options(s, json_get(params, "initializationOptions"));
	s->literals = json_path(caps, "textDocument.codeAction."
				      "codeActionLiteralSupport") != NULL;
	s->related = json_is_true(json_get(pd, "relatedInformation"));
	json_free(s->client_caps);
	s->client_caps = json_clone(caps);
	/* under --wrap clangd chooses, and we follow */
	if (!s->wrapped)
		srv_choose_encoding(s);
	srv_log(s, "root %s, %s positions", s->root ? s->root : "(none)",
		pos_enc_name(s->enc));
}

void srv_write_capabilities(struct server *s, struct jw *w)
{
	if (s->enc_field && !strcmp(s->enc_field, "positionEncoding")) {
		jw_key(w, "positionEncoding");
		jw_str(w, pos_enc_name(s->enc));
	}
	jw_key(w, "textDocumentSync");
	jw_obj(w);
	jw_key(w, "openClose");
	jw_bool(w, true);
	jw_key(w, "change");
	jw_int(w, 1); /* full text: a C file is small next to a parse */
	jw_key(w, "save");
	jw_obj(w);
	jw_key(w, "includeText");
	jw_bool(w, false);
	jw_obj_end(w);
	jw_obj_end(w);
	jw_key(w, "codeActionProvider");
	if (s->literals) {
		jw_obj(w);
		jw_key(w, "codeActionKinds");
		jw_arr(w);
		jw_str(w, "quickfix");
		jw_arr_end(w);
		jw_obj_end(w);
	} else {
		jw_bool(w, true);
	}
	jw_key(w, "executeCommandProvider");
	jw_obj(w);
	jw_key(w, "commands");
	jw_arr(w);
	jw_str(w, ACTION_COMMAND);
	jw_arr_end(w);
	jw_obj_end(w);
}

void srv_initialize_result(struct server *s, struct jw *w)
{
	jw_obj(w);
	jw_key(w, "capabilities");
	jw_obj(w);
	srv_write_capabilities(s, w);
	jw_obj_end(w);
	jw_key(w, "serverInfo");
	jw_obj(w);
	jw_key(w, "name");
	jw_str(w, "ordercheck");
	jw_key(w, "version");
	jw_str(w, ORDERCHECK_VERSION);
	jw_obj_end(w);
	if (s->enc_field && !strcmp(s->enc_field, "offsetEncoding")) {
		jw_key(w, "offsetEncoding");
		jw_str(w, pos_enc_name(s->enc));
	}
	jw_obj_end(w);
}

static void on_initialize(struct server *s, const struct json *id,
			  const struct json *params)
{
	struct jw w = { { 0 }, false };

	if (s->init_seen) {
		srv_error(s, id, RPC_INVALID_REQUEST,
			  "initialize was already received");
		return;
	}
	srv_note_initialize(s, params);
	rpc_result_begin(&w, id);
	srv_initialize_result(s, &w);
	jw_obj_end(&w);
	srv_send(s, &w);
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

static const char *doc_uri(const struct json *params)
{
	return json_str(json_path(params, "textDocument.uri"));
}

static void did_open(struct server *s, const struct json *params)
{
	const struct json *td = json_get(params, "textDocument");
	const struct json *text = json_get(td, "text");
	const char *uri = json_str(json_get(td, "uri"));
	long long v = 0;
	struct doc *d;

	if (!uri || !text || text->type != JSON_STRING) {
		srv_log(s, "didOpen without a uri or text: ignored");
		return;
	}
	json_int(json_get(td, "version"), &v);
	d = docs_open(&s->docs, uri, text->s, text->len, v);
	if (!checkable(d, json_str(json_get(td, "languageId")))) {
		srv_log(s, "%s: not a C file we can check", uri);
		free(d->path);
		d->path = NULL;
		return;
	}
	d->due = mono_now();
}

static void did_change(struct server *s, const struct json *params)
{
	struct doc *d = docs_find(&s->docs, doc_uri(params));
	const struct json *ch = json_get(params, "contentChanges");
	long long v;
	unsigned i;

	if (!d || !ch || ch->type != JSON_ARRAY) {
		srv_log(s, "didChange for a document not open, or without "
			   "contentChanges: ignored");
		return;
	}
	for (i = 0; i < ch->n; i++)
		if (doc_apply_change(d, ch->v[i], s->enc))
			srv_log(s, "%s: a malformed change was ignored",
				d->uri);
	if (json_int(json_path(params, "textDocument.version"), &v))
		d->version = v;
	else
		d->version++;
	if (d->path)
		d->due = mono_now() + s->o->debounce;
}

static bool is_header(const struct doc *d)
{
	const char *dot = d->path ? strrchr(d->path, '.') : NULL;

	return dot && !strcmp(dot, ".h");
}

static void did_save(struct server *s, const struct json *params)
{
	struct doc *d = docs_find(&s->docs, doc_uri(params));
	const struct json *text = json_get(params, "text");
	double now = mono_now();
	unsigned i;

	if (!d)
		return;
	if (text && text->type == JSON_STRING) {
		free(d->text);
		d->text = xstrndup(text->s, text->len);
		d->len = text->len;
	}
	if (!d->path)
		return;
	d->failed_version = -1; /* a save asks again, even after a crash */
	d->due = now;
	/* a saved header changes the files that include it */
	for (i = 0; is_header(d) && i < s->docs.n; i++)
		if (s->docs.v[i] != d && s->docs.v[i]->path)
			s->docs.v[i]->due = now + s->o->debounce;
}

static void publish(struct server *s, struct doc *d, bool closing)
{
	struct jw w = { { 0 }, false };

	if (s->publish) {
		s->publish(s->publish_arg, s, d, closing);
		return;
	}
	rpc_notification_begin(&w, "textDocument/publishDiagnostics");
	jw_obj(&w);
	jw_key(&w, "uri");
	jw_str(&w, d->uri);
	jw_key(&w, "version");
	jw_int(&w, d->res_version);
	jw_key(&w, "diagnostics");
	jw_arr(&w);
	jw_elements(&w, d->diags);
	jw_arr_end(&w);
	jw_obj_end(&w);
	jw_obj_end(&w);
	srv_send(s, &w);
}

void srv_publish(struct server *s, struct doc *d)
{
	publish(s, d, false);
}

static void did_close(struct server *s, const struct json *params)
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

void srv_code_actions(struct server *s, struct jw *w, const struct json *params)
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
		actions_emit(w, d, &q, s->literals);
}

static void on_code_action(struct server *s, const struct json *id,
			   const struct json *params)
{
	struct jw w = { { 0 }, false };
	struct action_query q;

	if (!doc_uri(params) || actions_query(params, &q)) {
		srv_error(s, id, RPC_INVALID_PARAMS,
			  "codeAction needs textDocument.uri and range");
		return;
	}
	rpc_result_begin(&w, id);
	jw_arr(&w);
	srv_code_actions(s, &w, params);
	jw_arr_end(&w);
	jw_obj_end(&w);
	srv_send(s, &w);
}

bool srv_execute_command(struct server *s, const struct json *id,
			 const struct json *params)
{
	const char *cmd = json_str(json_get(params, "command"));
	const struct json *args = json_get(params, "arguments");
	const struct json *edit =
		args && args->type == JSON_ARRAY && args->n ? args->v[0] : NULL;
	struct jw w = { { 0 }, false };
	char rid[48];

	if (!cmd || strcmp(cmd, ACTION_COMMAND))
		return false;
	if (!edit || edit->type != JSON_OBJECT) {
		srv_error(s, id, RPC_INVALID_PARAMS,
			  ACTION_COMMAND " takes a WorkspaceEdit");
		return true;
	}
	/* the client applies the edit; this answers the command itself */
	snprintf(rid, sizeof(rid), RPC_OUR_ID_PREFIX "%lu", ++s->next_id);
	rpc_request_begin(&w, rid, "workspace/applyEdit");
	jw_obj(&w);
	jw_key(&w, "label");
	jw_str(&w, "ordercheck fix");
	jw_key(&w, "edit");
	jw_json(&w, edit);
	jw_obj_end(&w);
	jw_obj_end(&w);
	srv_send(s, &w);
	result_null(s, id);
	return true;
}

void srv_our_response(struct server *s, const struct json *msg)
{
	const struct json *err = json_get(msg, "error");
	const struct json *applied = json_path(msg, "result.applied");

	if (err)
		srv_log(s, "the client refused a request of ours: %s",
			json_str(json_get(err, "message")) ?
				json_str(json_get(err, "message")) :
				"(no message)");
	else if (applied && !json_is_true(applied))
		srv_log(s, "the client did not apply our edit");
}

/* ---- dispatch ---- */

static void on_request(struct server *s, const char *m, const struct json *id,
		       const struct json *params)
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
		result_null(s, id);
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

void srv_notification(struct server *s, const char *m,
		      const struct json *params)
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

void server_message(struct server *s, const struct json *msg)
{
	const char *method;
	const struct json *id;
	struct json null = { .type = JSON_NULL };

	switch (rpc_classify(msg, &method, &id)) {
	case RPC_REQUEST:
		on_request(s, method, id, json_get(msg, "params"));
		break;
	case RPC_NOTIFICATION:
		srv_notification(s, method, json_get(msg, "params"));
		break;
	case RPC_RESPONSE:
		if (rpc_id_is_ours(id))
			srv_our_response(s, msg);
		break;
	case RPC_INVALID:
		srv_log(s, "not a JSON-RPC message: answered with an error");
		srv_error(s, id ? id : &null, RPC_INVALID_REQUEST,
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
		diag_list_sort_unique(&cd->diags);
		render_results(d, &cd->diags, &rc);
		srv_log(s,
			"%s: checked in %ld ms (%s %ld ms, analysis %ld ms), "
			"%u diagnostic%s",
			d->path, cd->ms, cd->reparsed ? "re-parse" : "parse",
			cd->parse_ms, cd->ms - cd->parse_ms,
			d->diags ? d->diags->n : 0,
			d->diags && d->diags->n == 1 ? "" : "s");
	}
	srv_publish(s, d);
}
