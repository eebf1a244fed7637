/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small model of the kernel's ordering primitives for code that includes
 * no kernel headers (litmus-style snippets, our testcases). ordercheck knows
 * the primitives by name, so what matters here is the names and the
 * argument shapes; the bodies are the generic C11 forms so that the file
 * also compiles and runs with gcc and clang. Real trees never need it.
 *
 * As in the kernel, the atomic_t operations are inline functions and the
 * barriers and marked accesses are macros: both paths get exercised.
 */
#ifndef ORDERCHECK_MODEL_LINUX_H
#define ORDERCHECK_MODEL_LINUX_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
	int counter;
} atomic_t;
typedef struct {
	long long counter;
} atomic64_t;
typedef struct {
	atomic_t refs;
} refcount_t;

struct rcu_head {
	struct rcu_head *next;
};

struct list_head {
	struct list_head *next, *prev;
};

struct llist_node {
	struct llist_node *next;
};

struct llist_head {
	struct llist_node *first;
};

typedef struct {
	int locked;
} spinlock_t;

/*
 * Under sparse (__CHECKER__) __rcu is an address space, as in the kernel's
 * compiler_types.h: a plain access of an __rcu pointer is then a sparse
 * warning, and only the RCU accessors below, which cast it away, are clean.
 */
#ifdef __CHECKER__
#define __rcu __attribute__((noderef, address_space(__rcu)))
#define __force __attribute__((force))
#else
#define __rcu
#define __force
#endif

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - __builtin_offsetof(type, member)))

/* marked accesses */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)                            \
	do {                                          \
		*(volatile __typeof__(x) *)&(x) = (val); \
	} while (0)
#define data_race(expr) (expr)

/* barriers */
#define barrier() __asm__ __volatile__("" : : : "memory")
/* x86's is "rep; nop" with a memory clobber: a compiler barrier only */
#define cpu_relax() barrier()
#define smp_mb() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_rmb() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_wmb() __atomic_thread_fence(__ATOMIC_RELEASE)
#define mb() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define rmb() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define wmb() __atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_mb__before_atomic() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_mb__after_atomic() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_acquire__after_ctrl_dep() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_store_mb(x, val)                                  \
	do {                                                  \
		__atomic_store_n(&(x), (val), __ATOMIC_RELAXED); \
		__atomic_thread_fence(__ATOMIC_SEQ_CST);      \
	} while (0)
#define smp_load_acquire(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define smp_store_release(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define smp_cond_load_relaxed(ptr, cond_expr)                            \
	({                                                               \
		__typeof__(*(ptr)) VAL;                                  \
		for (;;) {                                               \
			VAL = __atomic_load_n((ptr), __ATOMIC_RELAXED); \
			if (cond_expr)                                   \
				break;                                   \
		}                                                        \
		VAL;                                                     \
	})
#define smp_cond_load_acquire(ptr, cond_expr)                            \
	({                                                               \
		__typeof__(*(ptr)) VAL;                                  \
		for (;;) {                                               \
			VAL = __atomic_load_n((ptr), __ATOMIC_ACQUIRE); \
			if (cond_expr)                                   \
				break;                                   \
		}                                                        \
		VAL;                                                     \
	})

/* xchg/cmpxchg on any scalar */
#define xchg(p, v) __atomic_exchange_n((p), (v), __ATOMIC_SEQ_CST)
#define xchg_relaxed(p, v) __atomic_exchange_n((p), (v), __ATOMIC_RELAXED)
#define cmpxchg(p, o, n)                                                  \
	({                                                                \
		__typeof__(*(p)) __o = (o);                               \
		__atomic_compare_exchange_n((p), &__o, (n), false,        \
					    __ATOMIC_SEQ_CST, __ATOMIC_RELAXED); \
		__o;                                                      \
	})

/* atomic_t: inline functions, as in include/linux/atomic/ */
static inline int atomic_read(const atomic_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_RELAXED);
}
static inline int atomic_read_acquire(const atomic_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_ACQUIRE);
}
static inline void atomic_set(atomic_t *v, int i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_RELAXED);
}
static inline void atomic_set_release(atomic_t *v, int i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_RELEASE);
}
static inline void atomic_inc(atomic_t *v)
{
	__atomic_fetch_add(&v->counter, 1, __ATOMIC_RELAXED);
}
static inline void atomic_dec(atomic_t *v)
{
	__atomic_fetch_sub(&v->counter, 1, __ATOMIC_RELAXED);
}
static inline void atomic_add(int i, atomic_t *v)
{
	__atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);
}
static inline void atomic_or(int i, atomic_t *v)
{
	__atomic_fetch_or(&v->counter, i, __ATOMIC_RELAXED);
}
static inline int atomic_inc_return(atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, 1, __ATOMIC_SEQ_CST);
}
static inline int atomic_inc_return_relaxed(atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, 1, __ATOMIC_RELAXED);
}
static inline int atomic_dec_return(atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, 1, __ATOMIC_SEQ_CST);
}
static inline int atomic_fetch_add(int i, atomic_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_SEQ_CST);
}
static inline int atomic_fetch_add_relaxed(int i, atomic_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);
}
static inline int atomic_xchg(atomic_t *v, int n)
{
	return __atomic_exchange_n(&v->counter, n, __ATOMIC_SEQ_CST);
}
static inline int atomic_cmpxchg(atomic_t *v, int o, int n)
{
	__atomic_compare_exchange_n(&v->counter, &o, n, false,
				    __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
	return o;
}
static inline bool atomic_try_cmpxchg(atomic_t *v, int *o, int n)
{
	return __atomic_compare_exchange_n(&v->counter, o, n, false,
					   __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
}
static inline bool atomic_dec_and_test(atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, 1, __ATOMIC_SEQ_CST) == 0;
}
static inline bool atomic_inc_not_zero(atomic_t *v)
{
	int c = atomic_read(v);

	while (c && !atomic_try_cmpxchg(v, &c, c + 1))
		;
	return c != 0;
}
static inline bool atomic_add_unless(atomic_t *v, int a, int u)
{
	int c = atomic_read(v);

	while (c != u && !atomic_try_cmpxchg(v, &c, c + a))
		;
	return c != u;
}
static inline void atomic64_inc(atomic64_t *v)
{
	__atomic_fetch_add(&v->counter, 1, __ATOMIC_RELAXED);
}
static inline long long atomic64_inc_return(atomic64_t *v)
{
	return __atomic_add_fetch(&v->counter, 1, __ATOMIC_SEQ_CST);
}

/* bitops */
static inline void set_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_or(addr + nr / 64, 1UL << (nr % 64), __ATOMIC_RELAXED);
}
static inline void clear_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and(addr + nr / 64, ~(1UL << (nr % 64)),
			   __ATOMIC_RELAXED);
}
static inline bool test_bit(long nr, const volatile unsigned long *addr)
{
	return (__atomic_load_n(addr + nr / 64, __ATOMIC_RELAXED) >>
		(nr % 64)) & 1;
}
static inline bool test_and_set_bit(long nr, volatile unsigned long *addr)
{
	unsigned long m = 1UL << (nr % 64);

	return __atomic_fetch_or(addr + nr / 64, m, __ATOMIC_SEQ_CST) & m;
}
static inline void clear_bit_unlock(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and(addr + nr / 64, ~(1UL << (nr % 64)),
			   __ATOMIC_RELEASE);
}
static inline void __set_bit(long nr, volatile unsigned long *addr)
{
	addr[nr / 64] |= 1UL << (nr % 64);
}

/* refcount_t */
static inline void refcount_inc(refcount_t *r)
{
	atomic_inc(&r->refs);
}
static inline bool refcount_dec_and_test(refcount_t *r)
{
	return atomic_dec_and_test(&r->refs);
}

/* RCU */
#define rcu_read_lock() barrier()
#define rcu_read_unlock() barrier()
#ifdef __CHECKER__
/* the kernel's __rcu_dereference_check(): sparse sees the cast, not C11 */
#define rcu_check_sparse(p) ((void)(((__typeof__(*p) __rcu *)p) == p))
#define rcu_dereference(p) \
	({ rcu_check_sparse(p); (__typeof__(*p) __force *)READ_ONCE(p); })
#define rcu_dereference_protected(p, c) \
	({ rcu_check_sparse(p); (__typeof__(*p) __force *)(p); })
#define rcu_access_pointer(p) \
	({ rcu_check_sparse(p); (__typeof__(*p) __force *)READ_ONCE(p); })
#define rcu_assign_pointer(p, v)                                             \
	do {                                                                 \
		rcu_check_sparse(p);                                         \
		__atomic_store_n((__typeof__(*p) __force **)&(p), (v),      \
				 __ATOMIC_RELEASE);                          \
	} while (0)
#define RCU_INIT_POINTER(p, v) rcu_assign_pointer(p, v)
#else
#define rcu_dereference(p) __atomic_load_n(&(p), __ATOMIC_CONSUME)
#define rcu_dereference_protected(p, c) (p)
#define rcu_access_pointer(p) READ_ONCE(p)
#define rcu_assign_pointer(p, v) __atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define RCU_INIT_POINTER(p, v) WRITE_ONCE(p, v)
#endif
#define rcu_dereference_raw(p) rcu_dereference(p)
#define rcu_pointer_handoff(p) (p)

#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

/* RCU lists, as include/linux/rculist.h writes them */
#define list_entry_rcu(ptr, type, member) \
	container_of(READ_ONCE(ptr), type, member)
#define list_for_each_entry_rcu(pos, head, member)                           \
	for (pos = list_entry_rcu((head)->next, __typeof__(*pos), member);   \
	     &pos->member != (head);                                         \
	     pos = list_entry_rcu(pos->member.next, __typeof__(*pos), member))
static inline void list_add_rcu(struct list_head *n, struct list_head *head)
{
	n->next = head->next;
	n->prev = head;
	__atomic_store_n(&head->next, n, __ATOMIC_RELEASE);
	n->next->prev = n;
}

/* seqcount readers and writers */
typedef struct {
	unsigned sequence;
} seqcount_t;
static inline unsigned read_seqcount_begin(const seqcount_t *s)
{
	unsigned seq;

	while ((seq = __atomic_load_n(&s->sequence, __ATOMIC_ACQUIRE)) & 1)
		;
	return seq;
}
static inline int read_seqcount_retry(const seqcount_t *s, unsigned start)
{
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return __atomic_load_n(&s->sequence, __ATOMIC_RELAXED) != start;
}
static inline void write_seqcount_begin(seqcount_t *s)
{
	__atomic_store_n(&s->sequence, s->sequence + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
}
static inline void write_seqcount_end(seqcount_t *s)
{
	__atomic_thread_fence(__ATOMIC_RELEASE);
	__atomic_store_n(&s->sequence, s->sequence + 1, __ATOMIC_RELAXED);
}

/* hide a value from the compiler, as include/linux/compiler.h does */
#define OPTIMIZER_HIDE_VAR(var) __asm__("" : "=r"(var) : "0"(var))
static inline void synchronize_rcu(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* llist */
static inline bool llist_add(struct llist_node *n, struct llist_head *h)
{
	struct llist_node *first = READ_ONCE(h->first);

	do {
		n->next = first;
	} while (!__atomic_compare_exchange_n(&h->first, &first, n, false,
					      __ATOMIC_SEQ_CST,
					      __ATOMIC_RELAXED));
	return !first;
}
static inline struct llist_node *llist_del_all(struct llist_head *h)
{
	return __atomic_exchange_n(&h->first, (struct llist_node *)0,
				   __ATOMIC_SEQ_CST);
}

/* locks */
static inline void spin_lock(spinlock_t *l)
{
	while (__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE))
		;
}
static inline void spin_unlock(spinlock_t *l)
{
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}

#endif
