// SPDX-License-Identifier: GPL-2.0
/* Lookups in what a peer sent: a missing key or a wrong type is NULL. */
#include <string.h>

#include "jsonio.h"

json_t *jsonio_path(const json_t *j, const char *path)
{
	char key[128];
	const char *dot;
	size_t n;
	json_t *v = (json_t *)j;

	while (v && *path) {
		dot = strchr(path, '.');
		n = dot ? (size_t)(dot - path) : strlen(path);
		if (n >= sizeof(key))
			return NULL;
		memcpy(key, path, n);
		key[n] = '\0';
		v = json_object_get(v, key);
		path += n + (dot != NULL);
	}
	return v;
}

bool jsonio_get_int(const json_t *j, long long *out)
{
	double d;

	if (json_is_integer(j)) {
		*out = json_integer_value(j);
		return true;
	}
	/* a real that is an integer, exactly: 2.0, not 1.5 or 1e300 */
	if (!json_is_real(j))
		return false;
	d = json_real_value(j);
	if (d > 9007199254740992.0 || d < -9007199254740992.0 ||
	    d != (double)(long long)d)
		return false;
	*out = (long long)d;
	return true;
}

bool jsonio_has_str(const json_t *arr, const char *s)
{
	size_t i;

	for (i = 0; i < json_array_size(arr); i++) {
		const char *v = json_string_value(json_array_get(arr, i));

		if (v && !strcmp(v, s))
			return true;
	}
	return false;
}
