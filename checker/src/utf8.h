/* SPDX-License-Identifier: GPL-2.0 */
/*
 * UTF-8 checking and our one repair: a byte that does not belong to a
 * valid sequence (RFC 3629) becomes U+FFFD, one for each such byte.
 */
#ifndef ORDERCHECK_UTF8_H
#define ORDERCHECK_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* Bytes of the valid sequence at @s (1 to 4), or 0 if none starts there. */
size_t utf8_seq(const unsigned char *s, size_t left);

bool utf8_valid(const char *s, size_t n);

/* @s with every invalid byte replaced by U+FFFD (malloc, NUL-terminated). */
char *utf8_repair(const char *s, size_t n, size_t *out_len);

#endif
