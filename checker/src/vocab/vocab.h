/* SPDX-License-Identifier: GPL-2.0 */
/* The ordering vocabulary: what each primitive of each dialect orders. */
#ifndef ORDERCHECK_VOCAB_H
#define ORDERCHECK_VOCAB_H

#include <stdbool.h>

/* Classes of docs/ordering-semantics.md, "0. Class vocabulary". */
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

/* D_LINUX, D_GNU, D_C11, ...: one per line of vocab/dialects.def. */
enum oc_dialect {
#define DIALECT(id, name, header, model) id,
#include "dialects.def"
	D_COUNT /* not a dialect: how many there are */
};

/* Flags of a primitive: how it orders, a row's flags column. */
enum {
	F_RET = 1 << 0, /* returns the old or new value */
	F_COND = 1 << 1, /* unordered when it fails (cmpxchg, add_unless) */
	F_MANDATORY =
		1 << 2, /* mb()/rmb()/wmb(): also orders MMIO, and on UP */
	F_DMA = 1 << 3, /* dma_*mb(): coherent DMA memory only */
	F_FULL_AFTER = 1 << 4, /* store then full fence (smp_store_mb) */
	F_SPIN = 1 << 5, /* spins until a condition holds */
	F_NONATOMIC = 1 << 6, /* __set_bit(): a plain read-modify-write */
	F_LOCAL_CPU = 1 << 7, /* cmpxchg_local(): atomic only on this CPU */
	F_BITOP_V6 =
		1 << 8, /* test_and_*_bit(): unordered on failure before v6.0 */
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
	/* a fence of its own beside the access (bits 21-23: the facts keep
	 * 24 bits of flags) */
	F_FULL_BEFORE = 1 << 21, /* full fence then load: wq_has_sleeper() */
	F_RMB_BEFORE = 1 << 22, /* smp_rmb() then load: read_seqcount_retry() */
	F_WMB_AFTER = 1 << 23, /* store then smp_wmb(): write_seqcount_begin */
};

/*
 * Roles: what a rule singles a primitive out for beyond what it orders (a
 * PRIM row's last column), or a name that is no primitive (PATTERN rows,
 * vocab_name_is()). Rules ask for a role, never for a name.
 */
enum {
	R_MB_HELPERS = 1 << 0, /* has __before/__after_atomic() twins */
	R_RMW_IMPLIED = 1 << 1, /* a fully ordered RMW beside it implies it */
	R_STORE_MB = 1 << 2, /* WRITE_ONCE() then smp_mb(): smp_store_mb() */
	R_UNNAMED_DEP = 1 << 3, /* marked load that names no dependency */
	R_PTR_ONLY = 1 << 4, /* reads a pointer it does not dereference */
	R_UPDATE_SIDE = 1 << 5, /* reads under the update-side lock */
	R_RCU_LOCK = 1 << 6, /* opens an RCU read-side critical section */
	R_RCU_UNLOCK = 1 << 7, /* closes one */
	R_SRCU_LOCK = 1 << 8, /* opens an SRCU read-side critical section */
	/* PATTERN rows */
	R_SIZED = 1 << 9, /* clang names it by size: __sync_fetch_and_add_8 */
	R_NOT_A_CALL = 1 << 10, /* a builtin that orders nothing */
	R_IMPLEMENTS = 1 << 11, /* a function that implements primitives */
	R_ASSERTS_HELD = 1 << 12, /* says a lock is held */
	R_CALLER_HOLDS = 1 << 13, /* a function whose caller holds a lock */
	R_SEQ_READ = 1 << 14, /* a seqcount read side */
	R_ALLOCATES = 1 << 15, /* returns an object nobody else sees yet */
	/* stores a pointer that needs no order: NULL, or already published */
	R_UNORDERED_PUBLISH = 1 << 16,
	/* PRIM rows again: the sleep and wake-up functions */
	R_WAIT = 1 << 17, /* waits: wait_event(), wait_for_completion() */
	R_WAKE = 1 << 18, /* wakes a waiter: wake_up(), complete() */
	/*
	 * Orders for an object's lifetime or a lock, not to pass a message:
	 * a refcount's release pairs with the acquire of the last put, a bit
	 * lock's with the next locker, not with a reader of the count or of
	 * another bit of the word (refcount-vs-atomic.rst, atomic_bitops.txt)
	 */
	R_NOT_A_FLAG = 1 << 19,
	/*
	 * Makes an object reachable to lockless readers: its argument that
	 * is not the location (the last one of a cmpxchg) is the object, or
	 * a pointer into it (list_add_rcu(&obj->node, head)); the object
	 * must be initialised before (publish-then-init)
	 */
	R_PUBLISHES = 1 << 20,
	/* makes it unreachable again: list_del_rcu(&obj->node) */
	R_UNPUBLISHES = 1 << 21,
	/*
	 * Tests a wait queue for sleepers without its lock or a barrier:
	 * the store of the condition before it needs smp_mb() between
	 * (waitqueue_active() in include/linux/wait.h, wake_up_bit())
	 */
	R_TESTS_SLEEPERS = 1 << 22,
	/* PATTERN rows: a function that initialises what it is given */
	R_INITIALISES = 1 << 23,
	/* PATTERN rows: a function that takes what it is given out of a
	 * structure (list_del_init(), hlist_del_init()) */
	R_REMOVES = 1 << 24,
	/*
	 * A marked load that heads no address dependency: urcu's
	 * CMM_LOAD_SHARED() and uatomic_read() lack the
	 * cmm_smp_read_barrier_depends() that its rcu_dereference() has;
	 * a pointer read so, then read through, needs that barrier
	 * (R_READ_DEPENDS) or rcu_dereference() (addr-dep-c11-relaxed)
	 */
	R_NO_DEP = 1 << 25,
	/* the barrier that makes such a load head one */
	R_READ_DEPENDS = 1 << 26,
	/*
	 * What it stores is a node embedded in the object it publishes,
	 * given as its last argument: cds_wfcq_enqueue(head, tail, node)
	 * links the node after the tail, cds_lfs_push(s, node) on the
	 * stack (urcu/wfcqueue.h, urcu/lfstack.h); readers reach the
	 * object by caa_container_of()
	 */
	R_NODE_LAST = 1 << 27,
	/*
	 * PATTERN rows: a function that gives back the memory order it is
	 * given, a stronger one for a value beyond seq_cst: urcu 0.15's
	 * cmm_to_c11() (include/urcu/uatomic.h), which its *_mo macros
	 * wrap round their order, makes CMM_SEQ_CST_FENCE seq_cst
	 */
	R_SAME_ORDER = 1 << 28,
	/*
	 * A spinlock's lock or unlock as the LKMM models it (spin_lock(),
	 * spin_unlock() in lock.cat): an unlock followed by a lock on one CPU,
	 * any two locks, orders what smp_wmb() and smp_rmb() would between
	 * them (po-unlock-lock-po in linux-kernel.cat), not store->load
	 */
	R_LKMM_LOCK = 1 << 29,
	/*
	 * PATTERN rows: a logging call (printk(), dev_warn()). Its body's
	 * barriers keep printk's own ring buffer in order; a caller that
	 * logs on an error path does not mean them for its own accesses,
	 * so they are no side's order (a pr_warn() between two stores
	 * made desc_read()'s smp_rmb() "order" them)
	 */
	R_LOGS = 1u << 30,
	/*
	 * data_race(): its argument's access is racy on purpose, its value
	 * tolerated stale (a diagnostic's snapshot): no side of a message
	 */
	R_RACY = 1u << 31,
};

/*
 * The memory model a row is written in: the kernel's (fixed classes,
 * marked loads head dependencies) or C11's (RC11: the order is an
 * argument, or seq_cst). Rules ask for the model, never for a dialect.
 */
enum oc_model {
	M_LKMM,
	M_C11,
};

struct vocab_entry {
	const char *name;
	enum oc_dialect dialect;
	enum oc_model model; /* its dialect's, or M_C11 for a C11() row */
	enum oc_kind kind;
	enum oc_class cls;
	unsigned flags;
	int ptr_arg; /* argument naming the location, or -1 */
	int mo_arg; /* memory-order argument, or -1 */
	int mo_fail_arg; /* failure memory-order argument, or -1 */
	unsigned roles; /* R_* */
	int bit_arg; /* argument naming a bit of the location, or -1 */
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

/* Not a dialect: a name from no dialect's header (vocab_lookup()). */
#define VOCAB_NO_HEADER (-1)

/*
 * Look a primitive up by the name the user wrote. @header is the dialect
 * whose header defined the name (vocab_header_dialect()), or
 * VOCAB_NO_HEADER: in <stdatomic.h> atomic_fetch_add() is C11's and not
 * the kernel's, in <urcu/...> rcu_dereference() is urcu's. Returns NULL
 * for names that are not primitives.
 */
const struct vocab_entry *vocab_lookup(const char *name, int header);

/*
 * The header-scoped dialect (vocab_header_dialect()) that has a row named
 * @name in @model, or VOCAB_NO_HEADER: atomic_fetch_add() is C11's in
 * M_C11, whatever the kernel's row of that name.
 */
int vocab_own_header(const char *name, enum oc_model model);

/*
 * Whether a function named @name is a primitive's definition (its body
 * implements it), not a use of one: the walk builds no such body.
 */
bool vocab_implements(const char *name);

/*
 * The dialect whose header glob @path matches, whose macros defined there
 * are its own names, or VOCAB_NO_HEADER.
 */
int vocab_header_dialect(const char *path);

/* Whether macros defined in the file @path are its dialect's own names. */
bool vocab_scoped_header(const char *path);

/*
 * How strongly a TU including @path is written in a dialect: 0 not at
 * all; else the higher wins (dialect.c), @d saying which. A library's
 * header beats the kernel's, which beats <stdatomic.h>.
 */
unsigned vocab_include_rank(const char *path, enum oc_dialect *d);

enum oc_model vocab_dialect_model(enum oc_dialect d);
const char *vocab_dialect_name(enum oc_dialect d);
/* The dialect named @name (--dialect=NAME), or -1. */
int vocab_dialect_by_name(const char *name);

/* Whether @name, which is no primitive, has one of @roles (PATTERN rows). */
bool vocab_name_is(const char *name, unsigned roles);

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

/*
 * Which of @nargs arguments a store or RMW of @p writes: the one that is
 * not the location (of two: the other; else the second, or the first
 * when the location is not first), the last for R_NODE_LAST; -1 when
 * it has no location argument or fewer than two arguments.
 */
int vocab_value_arg(const struct vocab_entry *p, unsigned nargs);
/* The argument a store or RMW writes: a compare-and-swap's new value. */
int vocab_written_arg(const struct vocab_entry *p, unsigned nargs);

/* Number of rows, for --list-primitives and the unit tests. */
unsigned vocab_count(void);
const struct vocab_entry *vocab_at(unsigned i);

#endif
