/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The header of cli-blanked-bodies: learn.c makes it known, then each file
 * calls one of its inc_*() functions, by name (named.c), through a macro
 * that pastes a prefix (prefixed.c) and through one that pastes two
 * parameters (pasted.c). The bodies of those a file does not call are
 * blanked before its parse (not those that name a primitive: the walk
 * builds them all); the pasted name is not seen until the analysis asks
 * for its body.
 */
#ifndef BLANK_H
#define BLANK_H
#include <ordercheck/linux.h>

#define CAT(a, b) a##b
#define CALL_INC(kind) inc_##kind

struct blank {
	atomic_t refs;
	int data;
};

static inline int unused_plain(int x)
{
	return x * 2 + 1;
}

static inline void unused_barrier(struct blank *b)
{
	atomic_inc(&b->refs);
	smp_mb();
}

static inline void do_inc(struct blank *b)
{
	atomic_inc(&b->refs);
}

static inline void inc_named(struct blank *b)
{
	do_inc(b);
}

static inline void inc_prefixed(struct blank *b)
{
	do_inc(b);
}

static inline void inc_pasted(struct blank *b)
{
	do_inc(b);
}
#endif
