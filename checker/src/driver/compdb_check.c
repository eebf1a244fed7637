// SPDX-License-Identifier: GPL-2.0
/* compile_commands.json's shape, per the JSON Compilation Database spec. */
#include "compdb_check.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../json/jsonio.h"
#include "../util.h"

/* What an entry's field may be: a string, or an array of strings. */
enum shape { STRING, STRINGS };

static const struct {
	const char *key;
	enum shape shape;
	bool required;
} fields[] = {
	{ "directory", STRING, true },	 { "file", STRING, true },
	{ "arguments", STRINGS, false }, { "command", STRING, false },
	{ "output", STRING, false },
};

static const char *type_name(const json_t *v)
{
	static const char *const names[] = {
		[JSON_OBJECT] = "an object", [JSON_ARRAY] = "an array",
		[JSON_STRING] = "a string",  [JSON_INTEGER] = "a number",
		[JSON_REAL] = "a number",    [JSON_TRUE] = "true",
		[JSON_FALSE] = "false",	     [JSON_NULL] = "null",
	};

	return names[json_typeof(v)];
}

static bool all_strings(const json_t *arr)
{
	size_t i;
	json_t *v;

	json_array_foreach(arr, i, v) if (!json_is_string(v)) return false;
	return json_array_size(arr) > 0;
}

/* NULL if entry @e is usable, else why not (malloc). */
static char *entry_problem(const json_t *e)
{
	unsigned i;
	json_t *v;

	if (!json_is_object(e))
		return xasprintf("is %s, not an object", type_name(e));
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		v = json_object_get(e, fields[i].key);
		if (!v) {
			if (fields[i].required)
				return xasprintf("has no \"%s\"",
						 fields[i].key);
			continue;
		}
		if (fields[i].shape == STRING && !json_is_string(v))
			return xasprintf("\"%s\" is %s, not a string",
					 fields[i].key, type_name(v));
		if (fields[i].shape == STRINGS &&
		    !(json_is_array(v) && all_strings(v)))
			return xasprintf("\"%s\" is not a non-empty array of "
					 "strings",
					 fields[i].key);
	}
	if (!json_object_get(e, "arguments") && !json_object_get(e, "command"))
		return xstrdup("has neither \"arguments\" nor \"command\"");
	if (!json_string_length(json_object_get(e, "file")))
		return xstrdup("has an empty \"file\"");
	return NULL;
}

int compdb_check_text(const char *path, const char *text, size_t len,
		      char **err)
{
	char *why = NULL;
	json_t *db = jsonio_parse(text, len, &why), *e, *f;
	size_t i;

	if (!db) {
		*err = xasprintf("%s: not valid JSON: %s", path,
				 why ? why : "parse error");
		free(why);
		return -1;
	}
	if (!json_is_array(db)) {
		*err = xasprintf("%s: is %s, not an array of compile commands",
				 path, type_name(db));
		json_decref(db);
		return -1;
	}
	json_array_foreach(db, i, e)
	{
		why = entry_problem(e);
		if (!why)
			continue;
		f = json_is_object(e) ? json_object_get(e, "file") : NULL;
		/* entries counted from 1, as an editor's "line 1" */
		*err = xasprintf("%s: entry %zu%s%s%s: %s", path, i + 1,
				 json_is_string(f) ? " (" : "",
				 json_is_string(f) ? json_string_value(f) : "",
				 json_is_string(f) ? ")" : "", why);
		free(why);
		json_decref(db);
		return -1;
	}
	json_decref(db);
	return 0;
}

int compdb_check(const char *build_dir, char **err)
{
	char *path = xasprintf("%s/compile_commands.json", build_dir), *text;
	size_t len;
	int rc;

	text = read_file(path, &len);
	if (!text) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	rc = compdb_check_text(path, text, len, err);
	free(text);
	free(path);
	return rc;
}
