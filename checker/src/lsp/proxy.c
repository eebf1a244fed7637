// SPDX-License-Identifier: GPL-2.0
/* --wrap clangd: pass everything through, merge what is ours. */
#include "proxy.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../uri.h"
#include "actions.h"
#include "frame.h"
#include "rpc.h"

/* A request of the client's that clangd has not answered yet. */
struct pending {
	json_t *id;
	char *method;
	json_t *params; /* codeAction: ours are computed on the answer */
};

/* clangd's last diagnostics for a file. */
struct theirs {
	char *path; /* NULL for a URI that is not a file */
	char *uri; /* as clangd spells it */
	json_t *diags;
	json_t *version;
};

struct proxy {
	struct server *s; /* whose publishing we took over */
	pid_t pid;
	int to, from;
	struct strbuf out;
	size_t out_off;
	struct frame_reader in;
	bool dead;
	struct pending *pend;
	unsigned npend;
	struct theirs *th;
	unsigned nth;
};

static void publish(void *arg, struct server *s, struct doc *d, bool closing);

struct proxy *proxy_start(char **argv, struct server *s)
{
	struct proxy *px = xcalloc(1, sizeof(*px));
	int down[2], up[2];

	frame_reader_init(&px->in);
	px->to = px->from = -1;
	if (pipe2(down, O_CLOEXEC)) {
		free(px);
		return NULL;
	}
	if (pipe2(up, O_CLOEXEC)) {
		close(down[0]);
		close(down[1]);
		free(px);
		return NULL;
	}
	px->pid = fork();
	if (px->pid < 0) {
		close(down[0]);
		close(down[1]);
		close(up[0]);
		close(up[1]);
		free(px);
		return NULL;
	}
	if (!px->pid) {
		if (dup2(down[0], 0) < 0 || dup2(up[1], 1) < 0)
			_exit(127);
		execvp(argv[0], argv);
		fprintf(stderr, "ordercheck lsp: cannot run %s: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	close(down[0]);
	close(up[1]);
	px->to = down[1];
	px->from = up[0];
	fcntl(px->to, F_SETFL, fcntl(px->to, F_GETFL) | O_NONBLOCK);
	px->s = s;
	s->wrapped = true;
	s->publish = publish;
	s->publish_arg = px;
	return px;
}

static void flush(struct proxy *px)
{
	while (!px->dead && px->out_off < px->out.len) {
		ssize_t n = write(px->to, px->out.s + px->out_off,
				  px->out.len - px->out_off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break; /* EAGAIN; or EPIPE, seen as EOF on the read side */
		px->out_off += (size_t)n;
	}
	if (px->out_off == px->out.len)
		px->out.len = px->out_off = 0;
}

static void forward(struct proxy *px, const char *raw, size_t len)
{
	if (px->dead)
		return;
	frame_append(&px->out, raw, len);
	flush(px);
}

/* ---- pending requests ---- */

static void add_pending(struct proxy *px, const json_t *id, const char *method,
			const json_t *params)
{
	struct pending *p;

	px->pend = xrealloc(px->pend, (px->npend + 1) * sizeof(*px->pend));
	p = &px->pend[px->npend++];
	p->id = json_deep_copy(id);
	p->method = xstrdup(method);
	p->params = !strcmp(method, "textDocument/codeAction") && params ?
			    json_deep_copy(params) :
			    NULL;
}

static void pending_free(struct pending *p)
{
	json_decref(p->id);
	free(p->method);
	json_decref(p->params);
}

/* Take the request @id answers out of the list; false if none. */
static bool take_pending(struct proxy *px, const json_t *id,
			 struct pending *out)
{
	unsigned i;

	for (i = 0; i < px->npend; i++) {
		/* 1 and "1" are two ids, and so are 1 and 1.0 */
		if (!json_equal(px->pend[i].id, id))
			continue;
		*out = px->pend[i];
		px->pend[i] = px->pend[--px->npend];
		return true;
	}
	return false;
}

/* ---- clangd's diagnostics ---- */

static struct theirs *theirs_for(struct proxy *px, const char *path,
				 const char *uri, bool add)
{
	struct theirs *t;
	unsigned i;

	for (i = 0; i < px->nth; i++) {
		t = &px->th[i];
		if (path ? t->path && !strcmp(t->path, path) :
			   !strcmp(t->uri, uri))
			return t;
	}
	if (!add)
		return NULL;
	px->th = xrealloc(px->th, (px->nth + 1) * sizeof(*px->th));
	t = &px->th[px->nth++];
	memset(t, 0, sizeof(*t));
	t->path = path ? xstrdup(path) : NULL;
	t->uri = xstrdup(uri);
	return t;
}

static void theirs_free(struct theirs *t)
{
	free(t->path);
	free(t->uri);
	json_decref(t->diags);
	json_decref(t->version);
}

/* Both arrays' elements in one: clangd's first, then ours. */
static json_t *concat(const json_t *a, const json_t *b)
{
	json_t *all = json_array();

	if (json_is_array(a))
		json_array_extend(all, (json_t *)a);
	if (json_is_array(b))
		json_array_extend(all, (json_t *)b);
	return all;
}

static void write_merged(struct server *s, const char *uri,
			 const json_t *version, long long our_version,
			 const json_t *theirs, const json_t *ours)
{
	srv_send(s, rpc_notification(
			    "textDocument/publishDiagnostics",
			    jsonio_pack("{s:o,s:o,s:o}", "uri", jsonio_str(uri),
					"version",
					version ? json_deep_copy(version) :
						  json_integer(our_version),
					"diagnostics", concat(theirs, ours))));
}

/* Take @key's value out of @obj: the caller owns it. */
static json_t *detach(json_t *obj, const char *key)
{
	json_t *v = json_incref(json_object_get(obj, key));

	json_object_del(obj, key);
	return v;
}

static void on_diagnostics(struct proxy *px, struct server *s, json_t *msg,
			   const char *raw, size_t len)
{
	json_t *params = json_object_get(msg, "params");
	const char *uri = json_string_value(json_object_get(params, "uri"));
	struct theirs *t;
	struct doc *d;
	char *path;

	if (!uri) {
		srv_send_raw(s, raw, len);
		return;
	}
	path = uri_to_path(uri);
	t = theirs_for(px, path, uri, true);
	free(t->uri);
	t->uri = xstrdup(uri);
	json_decref(t->diags);
	json_decref(t->version);
	t->diags = detach(params, "diagnostics");
	t->version = detach(params, "version");
	d = path ? docs_find_path(&s->docs, path) : docs_find(&s->docs, uri);
	write_merged(s, uri, t->version, d ? d->res_version : 0, t->diags,
		     d ? d->diags : NULL);
	free(path);
}

/* The server's publish hook (srv_publish_fn). */
static void publish(void *arg, struct server *s, struct doc *d, bool closing)
{
	struct proxy *px = arg;
	struct theirs *t = theirs_for(px, d->path, d->uri, false);

	/* a closed file: forget clangd's diagnostics too, and clear them */
	if (closing && t) {
		theirs_free(t);
		*t = px->th[--px->nth];
		t = NULL;
	}
	write_merged(s, t ? t->uri : d->uri, NULL, d->res_version,
		     t ? t->diags : NULL, d->diags);
}

/* ---- clangd's answers ---- */

static json_t *object_at(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_object(v)) {
		v = json_object();
		jsonio_set(obj, key, v);
	}
	return v;
}

/*
 * clangd's capabilities plus ours: quick fixes, our command, didSave. The
 * position encoding is clangd's; we count in it too.
 */
static void merge_capabilities(struct server *s, json_t *res)
{
	json_t *caps = object_at(res, "capabilities"), *v, *cmds;
	const char *enc =
		json_string_value(json_object_get(caps, "positionEncoding"));
	int e;

	if (!enc)
		enc = json_string_value(json_object_get(res, "offsetEncoding"));
	e = pos_enc_from_name(enc);
	s->enc = e < 0 ? ENC_UTF16 : (enum pos_enc)e;
	v = json_object_get(caps, "codeActionProvider");
	if (!v || json_is_false(v))
		jsonio_set(caps, "codeActionProvider",
			   s->literals ?
				   jsonio_pack("{s:[s]}", "codeActionKinds",
					       "quickfix") :
				   json_true());
	else if (json_is_object(v) && json_object_get(v, "codeActionKinds") &&
		 !jsonio_has_str(json_object_get(v, "codeActionKinds"),
				 "quickfix"))
		jsonio_set(v, "codeActionKinds",
			   jsonio_pack("[s]",
				       "quickfix")); /* ours, and clangd's */
	v = object_at(caps, "executeCommandProvider");
	cmds = json_object_get(v, "commands");
	if (!json_is_array(cmds)) {
		cmds = json_array();
		jsonio_set(v, "commands", cmds);
	}
	if (!jsonio_has_str(cmds, ACTION_COMMAND))
		jsonio_push(cmds, json_string(ACTION_COMMAND));
	v = json_object_get(caps, "textDocumentSync");
	if (json_is_number(v))
		jsonio_set(caps, "textDocumentSync",
			   jsonio_pack("{s:b,s:O,s:{s:b}}", "openClose", 1,
				       "change", v, "save", "includeText", 0));
	else if (json_is_object(v) && !json_object_get(v, "save"))
		jsonio_set(v, "save", jsonio_pack("{s:b}", "includeText", 0));
}

static void on_initialize(struct server *s, json_t *msg, const char *raw,
			  size_t len)
{
	json_t *res = json_object_get(msg, "result");

	if (!json_is_object(res)) {
		srv_send_raw(s, raw, len); /* clangd refused: so do we */
		return;
	}
	merge_capabilities(s, res);
	srv_send(s, json_incref(msg));
	s->state = SRV_RUNNING;
	srv_log(s, "clangd is up; %s positions", pos_enc_name(s->enc));
}

static void on_code_action(struct server *s, const json_t *msg,
			   const struct pending *p, const char *raw, size_t len)
{
	const json_t *result = json_object_get(msg, "result");
	json_t *ours = json_array();

	srv_code_actions(s, ours, p->params);
	if (!json_array_size(ours) ||
	    (result && !json_is_array(result) && !json_is_null(result))) {
		srv_send_raw(s, raw, len);
		json_decref(ours);
		return;
	}
	/* clangd's error, if it failed, gives way to our fixes */
	srv_send(s,
		 rpc_result(json_object_get(msg, "id"), concat(result, ours)));
	json_decref(ours);
}

static void from_clangd(struct proxy *px, struct server *s, const char *raw,
			size_t len)
{
	const char *method;
	char *err = NULL;
	json_t *id, *msg = jsonio_parse(raw, len, &err);
	struct pending p;

	if (!msg) {
		srv_log(s, "clangd sent bad JSON (%s): passed on", err);
		srv_send_raw(s, raw, len);
		free(err);
		return;
	}
	switch (rpc_classify(msg, &method, &id)) {
	case RPC_RESPONSE:
		if (!take_pending(px, id, &p)) {
			srv_send_raw(s, raw, len);
			break;
		}
		if (!strcmp(p.method, "initialize"))
			on_initialize(s, msg, raw, len);
		else if (p.params)
			on_code_action(s, msg, &p, raw, len);
		else
			srv_send_raw(s, raw, len);
		pending_free(&p);
		break;
	case RPC_NOTIFICATION:
		if (!strcmp(method, "textDocument/publishDiagnostics"))
			on_diagnostics(px, s, msg, raw, len);
		else
			srv_send_raw(s, raw, len);
		break;
	default:
		/* its requests keep their ids: ours are strings of our own */
		srv_send_raw(s, raw, len);
		break;
	}
	json_decref(msg);
}

/* ---- the client's messages ---- */

void proxy_from_client(struct proxy *px, struct server *s, const json_t *msg,
		       const char *raw, size_t len)
{
	const char *method;
	json_t *id, *params = json_object_get(msg, "params");
	enum rpc_kind kind = rpc_classify(msg, &method, &id);

	if (px->dead || kind == RPC_INVALID) {
		server_message(s, msg);
		return;
	}
	if (kind == RPC_RESPONSE) {
		if (rpc_id_is_ours(id))
			srv_our_response(s, msg);
		else
			forward(px, raw, len);
		return;
	}
	if (kind == RPC_REQUEST) {
		if (!strcmp(method, "workspace/executeCommand") &&
		    srv_execute_command(s, id, params))
			return;
		if (!strcmp(method, "initialize") && !s->init_seen)
			srv_note_initialize(s, params);
		if (!strcmp(method, "shutdown"))
			s->state = SRV_SHUTDOWN;
		add_pending(px, id, method, params);
		forward(px, raw, len);
		return;
	}
	/* a notification: clangd's, and ours too */
	forward(px, raw, len);
	srv_notification(s, method, params);
}

/* ---- clangd's end ---- */

static int reap(struct proxy *px, bool kill_it)
{
	int status = 0;

	if (px->to >= 0)
		close(px->to);
	if (px->from >= 0)
		close(px->from);
	px->to = px->from = -1;
	if (!px->pid)
		return 0;
	if (kill_it)
		kill(px->pid, SIGKILL);
	while (waitpid(px->pid, &status, 0) < 0 && errno == EINTR)
		;
	px->pid = 0;
	return status;
}

/* Answer what clangd will not, and go on with our diagnostics alone. */
static void on_death(struct proxy *px, struct server *s)
{
	int status = reap(px, true);
	char *msg = WIFSIGNALED(status) ? xasprintf("clangd died (signal %d)",
						    WTERMSIG(status)) :
					  xasprintf("clangd exited (status %d)",
						    WEXITSTATUS(status));
	unsigned i;

	px->dead = true;
	srv_log(s, "%s; ordercheck's own diagnostics go on", msg);
	for (i = 0; i < px->npend; i++) {
		struct pending *p = &px->pend[i];
		json_t *acts;

		if (!strcmp(p->method, "initialize")) {
			srv_choose_encoding(s);
			srv_send(s,
				 rpc_result(p->id, srv_initialize_result(s)));
			s->state = SRV_RUNNING;
		} else if (!strcmp(p->method, "shutdown")) {
			srv_send(s, rpc_result(p->id, json_null()));
		} else if (p->params) {
			acts = json_array();
			srv_code_actions(s, acts, p->params);
			srv_send(s, rpc_result(p->id, acts));
		} else {
			srv_error(s, p->id, RPC_REQUEST_FAILED, msg);
		}
		pending_free(p);
	}
	px->npend = 0;
	if (s->state == SRV_RUNNING) {
		char *m = xasprintf("ordercheck: %s; its diagnostics are "
				    "gone, ordercheck's go on",
				    msg);

		srv_show(s, 1, m);
		free(m);
	}
	/* what clangd said is stale now */
	for (i = 0; i < px->nth; i++)
		theirs_free(&px->th[i]);
	px->nth = 0;
	for (i = 0; i < s->docs.n; i++)
		if (s->docs.v[i]->have)
			srv_publish(s, s->docs.v[i]);
	free(msg);
}

void proxy_pollfds(const struct proxy *px, struct pollfd *rd, struct pollfd *wr)
{
	rd->fd = px->dead ? -1 : px->from;
	rd->events = POLLIN;
	rd->revents = 0;
	wr->fd = !px->dead && px->out_off < px->out.len ? px->to : -1;
	wr->events = POLLOUT;
	wr->revents = 0;
}

void proxy_io(struct proxy *px, struct server *s, const struct pollfd *rd,
	      const struct pollfd *wr)
{
	const char *body, *why;
	size_t len;
	ssize_t n;
	enum frame_status st;

	if (wr->fd >= 0 && wr->revents)
		flush(px);
	if (px->dead || rd->fd < 0 || !rd->revents)
		return;
	n = frame_fill(&px->in, px->from);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	while ((st = frame_next(&px->in, &body, &len, &why)) != FRAME_MORE) {
		if (st == FRAME_MSG)
			from_clangd(px, s, body, len);
		else
			srv_log(s, "from clangd: %s", why);
	}
	if (n <= 0)
		on_death(px, s);
}

void proxy_stop(struct proxy *px, double grace)
{
	double end = mono_now() + grace;
	unsigned i;

	/* exit was forwarded: let clangd read it and go by itself */
	while (!px->dead && px->pid && mono_now() < end) {
		struct pollfd p[2];
		int nfds = 0;

		proxy_pollfds(px, &p[0], &p[1]);
		if (px->out_off < px->out.len) {
			p[1].fd = px->to;
			nfds = 2;
		} else {
			if (px->to >= 0) {
				close(px->to); /* EOF tells it too */
				px->to = -1;
			}
			nfds = 1;
		}
		if (poll(p, (nfds_t)nfds, 100) < 0 && errno != EINTR)
			break;
		if (nfds == 2 && p[1].revents)
			flush(px);
		if (p[0].revents) {
			char buf[65536];

			if (read(px->from, buf, sizeof(buf)) <= 0)
				break;
		}
	}
	/* a clangd still running after the grace period is killed */
	if (px->pid) {
		int status;

		if (waitpid(px->pid, &status, WNOHANG) == px->pid)
			px->pid = 0;
	}
	reap(px, true);
	/* the server publishes alone again (it is exiting anyway) */
	px->s->publish = NULL;
	px->s->publish_arg = NULL;
	for (i = 0; i < px->npend; i++)
		pending_free(&px->pend[i]);
	free(px->pend);
	for (i = 0; i < px->nth; i++)
		theirs_free(&px->th[i]);
	free(px->th);
	free(px->out.s);
	frame_reader_free(&px->in);
	free(px);
}
