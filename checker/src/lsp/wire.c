// SPDX-License-Identifier: GPL-2.0
/* The server -> worker request format (see wire.h). */
#include "wire.h"

#include <stdlib.h>
#include <string.h>

#include "frame.h"

void wire_put_begin(struct strbuf *b, const char *op, unsigned long seq)
{
	sb_printf(b, "Q %s %lu\n", op, seq);
}

void wire_put(struct strbuf *b, const char *key, const char *val, size_t len)
{
	sb_printf(b, "K %s %zu\n", key, len);
	sb_add(b, val, len);
	sb_add(b, "\n", 1);
}

void wire_put_end(struct strbuf *b)
{
	sb_add(b, "E\n", 2);
}

void wire_req_free(struct wire_req *r)
{
	free(r->file);
	free(r->text);
	free(r->root);
	free(r->ccdir);
	free(r->fallback);
	memset(r, 0, sizeof(*r));
}

static char *read_value(FILE *in, size_t len)
{
	char *v;

	if (len > FRAME_MAX_BODY)
		return NULL;
	v = xmalloc(len + 1);
	if (fread(v, 1, len, in) != len || fgetc(in) != '\n') {
		free(v);
		return NULL;
	}
	v[len] = '\0';
	return v;
}

int wire_read(FILE *in, struct wire_req *r)
{
	char line[256], key[32];
	size_t len;

	memset(r, 0, sizeof(*r));
	if (!fgets(line, sizeof(line), in) ||
	    sscanf(line, "Q %15s %lu", r->op, &r->seq) != 2)
		return -1;
	while (fgets(line, sizeof(line), in)) {
		char *v, **slot;

		if (!strcmp(line, "E\n"))
			return 0;
		if (sscanf(line, "K %31s %zu", key, &len) != 2 ||
		    !(v = read_value(in, len)))
			break;
		slot = !strcmp(key, "file")	? &r->file :
		       !strcmp(key, "text")	? &r->text :
		       !strcmp(key, "root")	? &r->root :
		       !strcmp(key, "ccdir")	? &r->ccdir :
		       !strcmp(key, "fallback") ? &r->fallback :
						  NULL;
		if (!slot) {
			free(v);
			continue;
		}
		free(*slot);
		*slot = v;
		if (slot == &r->text)
			r->text_len = len;
		if (slot == &r->fallback)
			r->fallback_len = len;
	}
	wire_req_free(r);
	return -1;
}
