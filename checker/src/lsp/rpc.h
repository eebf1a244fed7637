/* SPDX-License-Identifier: GPL-2.0 */
/* JSON-RPC 2.0 messages: telling them apart, making them. */
#ifndef ORDERCHECK_LSP_RPC_H
#define ORDERCHECK_LSP_RPC_H

#include <stdbool.h>

#include "../json/jsonio.h"

enum rpc_code {
	RPC_PARSE_ERROR = -32700,
	RPC_INVALID_REQUEST = -32600,
	RPC_METHOD_NOT_FOUND = -32601,
	RPC_INVALID_PARAMS = -32602,
	RPC_INTERNAL_ERROR = -32603,
	RPC_SERVER_NOT_INITIALIZED = -32002,
	RPC_REQUEST_FAILED = -32803,
};

enum rpc_kind {
	RPC_REQUEST,
	RPC_NOTIFICATION,
	RPC_RESPONSE,
	RPC_INVALID, /* answered with an error, id null if it had none */
};

/*
 * What @msg is. *method and *id are set when present; an id that is not
 * a string, a number or null makes the message invalid.
 */
enum rpc_kind rpc_classify(const json_t *msg, const char **method, json_t **id);

/*
 * The prefix of the ids of the requests we send to the client. clangd
 * numbers its own with integers, so under --wrap the two never collide
 * and a response is routed by its id alone.
 */
#define RPC_OUR_ID_PREFIX "ordercheck-"
bool rpc_id_is_ours(const json_t *id);

/*
 * Whole messages. @id is copied (NULL: null); @result and @params are
 * owned by the message from now.
 */
json_t *rpc_result(const json_t *id, json_t *result);
json_t *rpc_error(const json_t *id, int code, const char *message);
json_t *rpc_notification(const char *method, json_t *params);
json_t *rpc_request(const char *id, const char *method, json_t *params);

#endif
