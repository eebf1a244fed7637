// SPDX-License-Identifier: GPL-2.0
/* Writing JSON strings: the one escaper every JSON sink uses. */
#include "jsonw.h"

#include <stdlib.h>
#include <string.h>

#include "../util.h"

void jsonw_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/* RFC 3986: keep unreserved characters and '/', percent-encode the rest. */
static void uri_append(char *dst, size_t *k, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("-._~/", c)) {
			dst[(*k)++] = (char)c;
		} else {
			dst[(*k)++] = '%';
			dst[(*k)++] = hex[c >> 4];
			dst[(*k)++] = hex[c & 15];
		}
	}
}

char *jsonw_file_uri(const char *path, int is_dir)
{
	size_t n = strlen(path), k = 0;
	char *r = xmalloc(3 * n + 16);

	if (path[0] == '/') {
		memcpy(r, "file://", 7);
		k = 7;
	}
	uri_append(r, &k, path);
	if (is_dir && k && r[k - 1] != '/')
		r[k++] = '/';
	r[k] = '\0';
	return r;
}
