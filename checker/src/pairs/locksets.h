/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Locksets: which locks a fact runs under, by name, so that the pairing
 * drops a candidate only where both sides hold one lock (RELAY's and
 * RacerX's question), not wherever some lock is held.
 *
 * A lockset is one string, its lock names sorted and joined by '|'
 * ("" when none). A name is a location key (keys.h: "global:event_mutex",
 * "struct perf_event_context.lock"), prefixed "r:" for a lock held
 * shared (read_lock(), down_read(): readers do not exclude each other),
 * or "?" for a lock whose object has no name every function shares (a
 * local pointer, a function's result): it may be any lock.
 */
#ifndef ORDERCHECK_PAIRS_LOCKSETS_H
#define ORDERCHECK_PAIRS_LOCKSETS_H

#include <stdbool.h>
#include <stddef.h>

#define LOCKSET_MAX 512 /* bytes of a lockset; longer ones are cut */

/* The name lockset @key gets when it is locked by @prim ("down_read"). */
void lockset_name(const char *key, bool shared_key, const char *prim, char *buf,
		  size_t n);

/* @set with @name added (at most once), in @out. */
void lockset_add(const char *set, const char *name, char *out, size_t n);

/* @set with one @name removed, in @out: an unlock. */
void lockset_remove(const char *set, const char *name, char *out, size_t n);

/* The union of @a and @b, in @out. */
void lockset_union(const char *a, const char *b, char *out, size_t n);

/* The intersection of @a and @b, in @out (what is held at both). */
void lockset_intersect(const char *a, const char *b, char *out, size_t n);

/*
 * A lock of @a that excludes one of @b: the same name, not both held
 * shared; an unnamed lock ("?") excludes every lock, since it may be that
 * one. Copied to @out ("" when none); returns whether there is one.
 */
bool lockset_excludes(const char *a, const char *b, char *out, size_t n);

#endif
