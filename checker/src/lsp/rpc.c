// SPDX-License-Identifier: GPL-2.0
/* JSON-RPC 2.0 messages. */
#include "rpc.h"

#include <string.h>

static bool valid_id(const json_t *id)
{
	return json_is_string(id) || json_is_number(id) || json_is_null(id);
}

enum rpc_kind rpc_classify(const json_t *msg, const char **method, json_t **id)
{
	json_t *m = json_object_get(msg, "method");

	*method = NULL;
	*id = json_object_get(msg, "id");
	if (!json_is_object(msg))
		return RPC_INVALID;
	if (*id && !valid_id(*id)) {
		*id = NULL;
		return RPC_INVALID;
	}
	if (m) {
		if (!json_is_string(m))
			return RPC_INVALID;
		*method = json_string_value(m);
		return *id ? RPC_REQUEST : RPC_NOTIFICATION;
	}
	if (*id &&
	    (json_object_get(msg, "result") || json_object_get(msg, "error")))
		return RPC_RESPONSE;
	return RPC_INVALID;
}

bool rpc_id_is_ours(const json_t *id)
{
	const char *s = json_string_value(id);

	return s &&
	       !strncmp(s, RPC_OUR_ID_PREFIX, sizeof(RPC_OUR_ID_PREFIX) - 1);
}

static json_t *id_copy(const json_t *id)
{
	return id ? json_deep_copy(id) : json_null();
}

json_t *rpc_result(const json_t *id, json_t *result)
{
	return jsonio_pack("{s:s,s:o,s:o}", "jsonrpc", "2.0", "id", id_copy(id),
			   "result", result);
}

json_t *rpc_error(const json_t *id, int code, const char *message)
{
	return jsonio_pack("{s:s,s:o,s:{s:i,s:o}}", "jsonrpc", "2.0", "id",
			   id_copy(id), "error", "code", code, "message",
			   jsonio_str(message));
}

json_t *rpc_notification(const char *method, json_t *params)
{
	return jsonio_pack("{s:s,s:s,s:o}", "jsonrpc", "2.0", "method", method,
			   "params", params);
}

json_t *rpc_request(const char *id, const char *method, json_t *params)
{
	return jsonio_pack("{s:s,s:o,s:s,s:o}", "jsonrpc", "2.0", "id",
			   jsonio_str(id), "method", method, "params", params);
}
