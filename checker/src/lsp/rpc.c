// SPDX-License-Identifier: GPL-2.0
/* JSON-RPC 2.0 messages. */
#include "rpc.h"

#include <string.h>

static bool valid_id(const struct json *id)
{
	return id->type == JSON_STRING || id->type == JSON_NUMBER ||
	       id->type == JSON_NULL;
}

enum rpc_kind rpc_classify(const struct json *msg, const char **method,
			   const struct json **id)
{
	const struct json *m = json_get(msg, "method");

	*method = NULL;
	*id = json_get(msg, "id");
	if (!msg || msg->type != JSON_OBJECT)
		return RPC_INVALID;
	if (*id && !valid_id(*id)) {
		*id = NULL;
		return RPC_INVALID;
	}
	if (m) {
		if (m->type != JSON_STRING)
			return RPC_INVALID;
		*method = m->s;
		return *id ? RPC_REQUEST : RPC_NOTIFICATION;
	}
	if (*id && (json_get(msg, "result") || json_get(msg, "error")))
		return RPC_RESPONSE;
	return RPC_INVALID;
}

bool rpc_id_is_ours(const struct json *id)
{
	const char *s = json_str(id);

	return s &&
	       !strncmp(s, RPC_OUR_ID_PREFIX, sizeof(RPC_OUR_ID_PREFIX) - 1);
}

void rpc_result_begin(struct jw *w, const struct json *id)
{
	jw_obj(w);
	jw_key(w, "jsonrpc");
	jw_str(w, "2.0");
	jw_key(w, "id");
	jw_json(w, id);
	jw_key(w, "result");
}

void rpc_error(struct jw *w, const struct json *id, int code,
	       const char *message)
{
	jw_obj(w);
	jw_key(w, "jsonrpc");
	jw_str(w, "2.0");
	jw_key(w, "id");
	jw_json(w, id);
	jw_key(w, "error");
	jw_obj(w);
	jw_key(w, "code");
	jw_int(w, code);
	jw_key(w, "message");
	jw_str(w, message);
	jw_obj_end(w);
	jw_obj_end(w);
}

void rpc_notification_begin(struct jw *w, const char *method)
{
	jw_obj(w);
	jw_key(w, "jsonrpc");
	jw_str(w, "2.0");
	jw_key(w, "method");
	jw_str(w, method);
	jw_key(w, "params");
}

void rpc_request_begin(struct jw *w, const char *id, const char *method)
{
	jw_obj(w);
	jw_key(w, "jsonrpc");
	jw_str(w, "2.0");
	jw_key(w, "id");
	jw_str(w, id);
	jw_key(w, "method");
	jw_str(w, method);
	jw_key(w, "params");
}
