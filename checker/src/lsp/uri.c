// SPDX-License-Identifier: GPL-2.0
/* file:// URIs (RFC 8089) to paths and back. */
#include "uri.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "../util.h"

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

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

		if (*p == '%' && (hi = hexval(p[1])) >= 0 &&
		    (lo = hexval(p[2])) >= 0) {
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

char *uri_from_path(const char *abs)
{
	static const char hex[] = "0123456789ABCDEF";
	struct strbuf b = { 0 };
	const unsigned char *p;

	sb_puts(&b, "file://");
	for (p = (const unsigned char *)abs; *p; p++) {
		char e[3] = { '%', hex[*p >> 4], hex[*p & 15] };

		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
			sb_add(&b, (const char *)p, 1);
		else
			sb_add(&b, e, 3);
	}
	return sb_detach(&b);
}

char *path_absolute(const char *path)
{
	char cwd[PATH_MAX], *joined, *r;

	/* path_display() spells paths below cwd relative: undo that */
	if (path[0] == '/') {
		joined = xstrdup(path);
	} else {
		if (!getcwd(cwd, sizeof(cwd)))
			strcpy(cwd, "/");
		joined = xasprintf("%s/%s", cwd, path);
	}
	r = path_display(joined);
	free(joined);
	if (r[0] != '/') {
		if (!getcwd(cwd, sizeof(cwd)))
			strcpy(cwd, "/");
		joined = xasprintf("%s/%s", cwd, r);
		free(r);
		return joined;
	}
	return r;
}
