/* SPDX-License-Identifier: GPL-2.0 */
/* What a whole translation unit says about each shared location, for rule_tu_*(). */
#ifndef ORDERCHECK_RULES_TU_SUMMARY_H
#define ORDERCHECK_RULES_TU_SUMMARY_H

#include "../events/events.h"

struct tu_summary;
struct tu_ir;

/*
 * Every function of @ir, walked once; the events stay @ir's. With @file,
 * only the functions defined in it (an interned path, as src_span.file).
 */
struct tu_summary *tu_summary_new(const struct tu_ir *ir, const char *file);
void tu_summary_free(struct tu_summary *s);

#endif
