/* SPDX-License-Identifier: GPL-2.0 */
/* The assertions of the unit tests: count a failure, say where, go on. */
#ifndef ORDERCHECK_TESTS_CHECK_H
#define ORDERCHECK_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                      \
	do {                                                             \
		if (!(cond)) {                                           \
			fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, \
				__LINE__, #cond);                        \
			failures++;                                      \
		}                                                        \
	} while (0)

/* Two strings equal; @a may be NULL (a failure). */
#define CHECK_STR(a, b)                                                      \
	do {                                                                 \
		const char *a_ = (a), *b_ = (b);                             \
		if (!a_ || strcmp(a_, b_)) {                                 \
			fprintf(stderr,                                      \
				"%s:%d: FAILED: %s is \"%s\", not \"%s\"\n", \
				__FILE__, __LINE__, #a, a_ ? a_ : "(null)",  \
				b_);                                         \
			failures++;                                          \
		}                                                            \
	} while (0)

#endif
