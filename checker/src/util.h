/* SPDX-License-Identifier: GPL-2.0 */
/* Allocation, string buffers, path spelling and hashing for every file. */
#ifndef ORDERCHECK_UTIL_H
#define ORDERCHECK_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* Out of memory is the one failure we do not report per file: we abort. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap);

struct strbuf {
	char *s;
	size_t len, cap;
};
void sb_add(struct strbuf *b, const char *s, size_t n);
void sb_puts(struct strbuf *b, const char *s);
void sb_printf(struct strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
char *sb_detach(struct strbuf *b);

/*
 * Spell a path as users expect: relative to @base (an absolute directory,
 * the one the user ran us in) when it lies below it, absolute otherwise,
 * with ./ and ../ resolved. @base is a parameter, not the current
 * directory: libclang changes that to a compile command's directory.
 * NULL is the current directory at the call, for callers that never
 * parse with a compile command's directory (the tests).
 */
char *path_display(const char *base, const char *path);

/* An absolute, lexically normalised path for @path (relative to cwd). */
char *path_absolute(const char *path);

/* The current directory (malloc); "/" if it cannot be found. */
char *path_cwd(void);

/* The value of a hexadecimal digit (either case), or -1. */
int hex_digit(char c);

/* Read a whole file; NULL and errno on failure. */
char *read_file(const char *path, size_t *len);

/*
 * Run argv (PATH searched) in @dir (NULL: here) and return what it wrote
 * to stdout, and to stderr too if @with_stderr, NUL-terminated (malloc);
 * *status is waitpid()'s (exit 127: it could not be run). NULL if no
 * process could be started.
 */
char *run_capture(char *const *argv, const char *dir, bool with_stderr,
		  int *status);
/* The same, and its length in *@len: the output may hold NUL bytes (-z). */
char *run_capture_n(char *const *argv, const char *dir, bool with_stderr,
		    int *status, size_t *len);

/*
 * FNV-1a, the one hash: content fingerprints and keys (64 bits, chained
 * through @h from HASH64_INIT) and hash tables (hash_str: its low bits).
 */
uint64_t hash64(const void *p, size_t n, uint64_t h);
unsigned hash_str(const char *s);
/* A slot for pointer @p in a table of @cap (a power of two) slots. */
unsigned hash_ptr(const void *p, unsigned cap);

/* @clk's time in seconds (CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID...) */
double clock_seconds(clockid_t clk);
#define HASH64_INIT 14695981039346656037ull

/* Interned strings: one copy of each, stable until strset_free(). */
struct strset;
struct strset *strset_new(void);
void strset_free(struct strset *s);
const char *strset_intern(struct strset *s, const char *str, size_t n);
unsigned strset_count(const struct strset *s);
/* Intern @str; true if it was not there before. */
bool strset_add(struct strset *s, const char *str);
/* Whether @str is in @s. */
bool strset_has(const struct strset *s, const char *str);
/* @s's copy of @str, or NULL if it has none. */
const char *strset_find(const struct strset *s, const char *str);

/* Strings to pointers. */
struct strmap;
struct strmap *strmap_new(void);
/* Frees the keys, and each value with @free_value unless it is NULL. */
void strmap_free(struct strmap *m, void (*free_value)(void *));
/* The value slot of @key[0..n): NULL in a new one, *@added set. */
void **strmap_slot(struct strmap *m, const char *key, size_t n, bool *added);
/* The value of @key, or NULL if it has none (or @m is NULL). */
void *strmap_get(const struct strmap *m, const char *key);

#endif
