/* SPDX-License-Identifier: GPL-2.0 */
/* The ordering vocabulary: what each primitive of each dialect orders. */
#ifndef ORDERCHECK_VOCAB_H
#define ORDERCHECK_VOCAB_H

#include <stdbool.h>

/* Classes of ../shared/reference/ordering-semantics.md section 0. */
enum oc_class {
	OC_NONE,
	OC_PLAIN,
	OC_MLOAD,
	OC_MSTORE,
	OC_ACQ_LOAD,
	OC_REL_STORE,
	OC_DEP_LOAD,
	OC_PUBLISH,
	OC_FENCE_FULL,
	OC_FENCE_R,
	OC_FENCE_W,
	OC_FENCE_ACQ,
	OC_FENCE_REL,
	OC_FENCE_ACQREL,
	OC_CBAR,
	OC_RMW_FULL,
	OC_RMW_SC,
	OC_RMW_RLX,
	OC_RMW_ACQ,
	OC_RMW_REL,
	OC_RMW_ACQREL,
	OC_MOD_BEFORE,
	OC_MOD_AFTER,
	OC_LOCK_ACQ,
	OC_LOCK_REL,
	OC_MARKER,
};

enum oc_kind {
	K_LOAD,
	K_STORE,
	K_RMW,
	K_FENCE,
	K_MODIFIER,
	K_LOCK,
	K_UNLOCK,
	K_MARKER,
};

enum oc_dialect {
	D_LINUX,
	D_C11,
	D_GNU,
};

/* Flags of a primitive; a row's last column. */
enum {
	F_RET = 1 << 0, /* returns the old or new value */
	F_COND = 1 << 1, /* unordered when it fails (cmpxchg, add_unless) */
	F_MANDATORY = 1 << 2, /* mb()/rmb()/wmb(): also orders MMIO, and on UP */
	F_DMA = 1 << 3, /* dma_*mb(): coherent DMA memory only */
	F_FULL_AFTER = 1 << 4, /* store then full fence (smp_store_mb) */
	F_SPIN = 1 << 5, /* spins until a condition holds */
	F_NONATOMIC = 1 << 6, /* __set_bit(): a plain read-modify-write */
	F_LOCAL_CPU = 1 << 7, /* cmpxchg_local(): atomic only on this CPU */
	F_BITOP_V6 = 1 << 8, /* test_and_*_bit(): unordered on failure before v6.0 */
	F_MO_ARG = 1 << 9, /* ordering read from a memory-order argument */
	F_NULL_PLAIN = 1 << 10, /* rcu_assign_pointer(p, NULL) is WRITE_ONCE */
	F_CTRL_DEP = 1 << 11, /* smp_acquire__after_ctrl_dep() */
	F_LOCK_MOD = 1 << 12, /* modifies the adjacent lock, not an RMW */
	F_SIGNAL = 1 << 13, /* signal fence: same thread only */
	F_SEQ_CST = 1 << 14, /* member of C11's single total order S */
	F_WAKE = 1 << 15, /* wake_up(): full barrier only if it wakes */
	F_CMPXCHG = 1 << 16, /* C11/GNU compare-exchange: failure order too */
	F_INIT = 1 << 17, /* atomic_init(): not an atomic access at all */
	F_SIDE = 1 << 18, /* a barrier as a side effect (schedule, irq off) */
	F_LOCK_HELD = 1 << 19, /* lockdep_assert_held(): a lock is held here */
	F_LVALUE = 1 << 20, /* READ_ONCE(x): the location is x, not *x */
};

struct vocab_entry {
	const char *name;
	enum oc_dialect dialect;
	enum oc_kind kind;
	enum oc_class cls;
	unsigned flags;
	int ptr_arg; /* argument naming the location, or -1 */
	int mo_arg; /* memory-order argument, or -1 */
	int mo_fail_arg; /* failure memory-order argument, or -1 */
};

/* C11 memory orders, numbered as clang's __ATOMIC_* macros. */
enum oc_order {
	MO_RELAXED = 0,
	MO_CONSUME = 1,
	MO_ACQUIRE = 2,
	MO_RELEASE = 3,
	MO_ACQ_REL = 4,
	MO_SEQ_CST = 5,
	MO_UNKNOWN = -1,
};

/*
 * Look a primitive up by the name the user wrote. @c11_header says the
 * name came from <stdatomic.h>, where atomic_fetch_add() is C11's and not
 * the kernel's. Returns NULL for names that are not primitives.
 */
const struct vocab_entry *vocab_lookup(const char *name, bool c11_header);

/* Class of a C11/GNU operation of @kind at memory order @mo. */
enum oc_class vocab_class_for_order(enum oc_kind kind, int mo);

const char *vocab_class_name(enum oc_class cls);
const char *vocab_order_name(int mo);

/* Orderings a fence enforces, as a mask of VO_* bits. */
enum {
	VO_RR = 1 << 0,
	VO_RW = 1 << 1,
	VO_WR = 1 << 2,
	VO_WW = 1 << 3,
	VO_COMPILER = 1 << 4,
	VO_MMIO = 1 << 5,
	VO_DMA = 1 << 6,
};
unsigned vocab_fence_mask(enum oc_class cls, unsigned flags);

bool vocab_is_rmw_class(enum oc_class cls);

/* Number of rows, for --list-primitives and the unit tests. */
unsigned vocab_count(void);
const struct vocab_entry *vocab_at(unsigned i);

#endif
