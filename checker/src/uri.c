// SPDX-License-Identifier: GPL-2.0
/* file:// URIs (RFC 8089) from paths and back: SARIF's and the editor's. */
#include "uri.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

char *uri_to_path(const char *uri)
{
	const char *p;
	char *out, *w, *abs;

	if (strncasecmp(uri, "file:", 5))
		return NULL;
	p = uri + 5;
	if (!strncmp(p, "//", 2)) {
		p += 2;
		/* an authority: empty or localhost, nothing remote */
		if (!strncasecmp(p, "localhost/", 10))
			p += 9;
		else if (*p != '/')
			return NULL;
	}
	if (*p != '/')
		return NULL;
	out = w = xmalloc(strlen(p) + 1);
	for (; *p && *p != '?' && *p != '#'; p++) {
		int hi, lo;

		if (*p == '%' && (hi = hex_digit(p[1])) >= 0 &&
		    (lo = hex_digit(p[2])) >= 0) {
			*w = (char)(hi << 4 | lo);
			if (!*w) {
				free(out);
				return NULL;
			}
			w++;
			p += 2;
		} else {
			*w++ = *p;
		}
	}
	*w = '\0';
	abs = path_absolute(out);
	free(out);
	return abs;
}

char *uri_from_path(const char *path, bool dir)
{
	static const char hex[] = "0123456789ABCDEF";
	struct strbuf b = { 0 };
	const unsigned char *p;

	sb_add(&b, "", 0);
	if (path[0] == '/')
		sb_puts(&b, "file://");
	/* RFC 3986: unreserved characters and '/' stay, the rest is escaped */
	for (p = (const unsigned char *)path; *p; p++) {
		char e[3] = { '%', hex[*p >> 4], hex[*p & 15] };

		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
			sb_add(&b, (const char *)p, 1);
		else
			sb_add(&b, e, 3);
	}
	if (dir && b.len && b.s[b.len - 1] != '/')
		sb_add(&b, "/", 1);
	return sb_detach(&b);
}
