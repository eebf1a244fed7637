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
typedef spinlock_t raw_spinlock_t;
typedef spinlock_t rwlock_t;
struct mutex {
	int locked;
};
struct semaphore {
	int count;
};
struct rw_semaphore {
	int count;
};

struct hlist_head {
	struct hlist_node *first;
};
struct hlist_node {
	struct hlist_node *next, **pprev;
};
struct hlist_nulls_head {
	struct hlist_nulls_node *first;
};
struct hlist_nulls_node {
	struct hlist_nulls_node *next, **pprev;
};

struct kref {
	refcount_t refcount;
};

struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};
typedef struct wait_queue_head wait_queue_head_t;
struct wait_queue_entry {
	struct list_head entry;
};
struct swait_queue_head {
	spinlock_t lock;
	struct list_head task_list;
};
struct completion {
	unsigned int done;
	struct swait_queue_head wait;
};

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

typedef struct {
	seqcount_t seqcount;
	spinlock_t lock;
} seqlock_t;
static inline unsigned read_seqbegin(const seqlock_t *sl)
{
	return read_seqcount_begin(&sl->seqcount);
}
static inline unsigned read_seqretry(const seqlock_t *sl, unsigned start)
{
	return read_seqcount_retry(&sl->seqcount, start);
}
static inline void raw_write_seqcount_begin(seqcount_t *s)
{
	write_seqcount_begin(s);
}
static inline void raw_write_seqcount_end(seqcount_t *s)
{
	write_seqcount_end(s);
}
static inline void write_seqlock(seqlock_t *sl)
{
	while (__atomic_exchange_n(&sl->lock.locked, 1, __ATOMIC_ACQUIRE))
		;
	write_seqcount_begin(&sl->seqcount);
}
static inline void write_sequnlock(seqlock_t *sl)
{
	write_seqcount_end(&sl->seqcount);
	__atomic_store_n(&sl->lock.locked, 0, __ATOMIC_RELEASE);
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

static inline void spin_lock_irq(spinlock_t *l)
{
	spin_lock(l);
}
static inline void spin_unlock_irq(spinlock_t *l)
{
	spin_unlock(l);
}
static inline void spin_lock_bh(spinlock_t *l)
{
	spin_lock(l);
}
static inline void spin_unlock_bh(spinlock_t *l)
{
	spin_unlock(l);
}
#define spin_lock_irqsave(l, flags) \
	do {                        \
		(flags) = 0;        \
		spin_lock(l);       \
	} while (0)
#define spin_unlock_irqrestore(l, flags) \
	do {                             \
		(void)(flags);           \
		spin_unlock(l);          \
	} while (0)
#define raw_spin_lock(l) spin_lock(l)
#define raw_spin_unlock(l) spin_unlock(l)
#define raw_spin_lock_irqsave(l, flags) spin_lock_irqsave(l, flags)
#define raw_spin_unlock_irqrestore(l, flags) spin_unlock_irqrestore(l, flags)
#define read_lock(l) spin_lock(l)
#define read_unlock(l) spin_unlock(l)
#define write_lock(l) spin_lock(l)
#define write_unlock(l) spin_unlock(l)
static inline void mutex_lock(struct mutex *m)
{
	while (__atomic_exchange_n(&m->locked, 1, __ATOMIC_ACQUIRE))
		;
}
static inline void mutex_unlock(struct mutex *m)
{
	__atomic_store_n(&m->locked, 0, __ATOMIC_RELEASE);
}
static inline void down(struct semaphore *s)
{
	while (__atomic_fetch_sub(&s->count, 1, __ATOMIC_ACQUIRE) <= 0)
		__atomic_fetch_add(&s->count, 1, __ATOMIC_RELAXED);
}
static inline void up(struct semaphore *s)
{
	__atomic_fetch_add(&s->count, 1, __ATOMIC_RELEASE);
}
/* RTNL (net/core/rtnetlink.c): one mutex, taken by a function */
extern struct mutex rtnl_mutex;
static inline void rtnl_lock(void)
{
	mutex_lock(&rtnl_mutex);
}
static inline void rtnl_unlock(void)
{
	mutex_unlock(&rtnl_mutex);
}
static inline bool rtnl_is_locked(void)
{
	return __atomic_load_n(&rtnl_mutex.locked, __ATOMIC_RELAXED);
}
#define ASSERT_RTNL() ((void)rtnl_is_locked())
/* both full fences on every architecture this model runs on */
#define smp_mb__after_spinlock() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_mb__after_unlock_lock() __atomic_thread_fence(__ATOMIC_SEQ_CST)

/* bit locks and bit waits (include/linux/wait_bit.h) */
static inline bool test_bit_acquire(long nr, const volatile unsigned long *addr)
{
	return (__atomic_load_n(addr + nr / 64, __ATOMIC_ACQUIRE) >>
		(nr % 64)) &
	       1;
}
static inline bool test_and_set_bit_lock(long nr, volatile unsigned long *addr)
{
	unsigned long m = 1UL << (nr % 64);

	return __atomic_fetch_or(addr + nr / 64, m, __ATOMIC_ACQUIRE) & m;
}
static inline void __clear_bit_unlock(long nr, volatile unsigned long *addr)
{
	__atomic_store_n(addr + nr / 64, addr[nr / 64] & ~(1UL << (nr % 64)),
			 __ATOMIC_RELEASE);
}
static inline int wait_on_bit(unsigned long *word, int bit, unsigned mode)
{
	(void)mode;
	while (test_bit_acquire(bit, word))
		;
	return 0;
}
static inline int wait_on_bit_lock(unsigned long *word, int bit, unsigned mode)
{
	(void)mode;
	while (test_and_set_bit_lock(bit, word))
		;
	return 0;
}
static inline void wake_up_bit(void *word, int bit)
{
	(void)word;
	(void)bit;
}
static inline void wake_up_var(void *var)
{
	(void)var;
}
static inline void clear_and_wake_up_bit(int bit, unsigned long *word)
{
	clear_bit_unlock(bit, word);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	wake_up_bit(word, bit);
}

/* refcount_t and kref (include/linux/refcount.h, kref.h) */
static inline void refcount_set(refcount_t *r, int n)
{
	atomic_set(&r->refs, n);
}
static inline unsigned int refcount_read(const refcount_t *r)
{
	return (unsigned int)atomic_read(&r->refs);
}
static inline bool refcount_inc_not_zero(refcount_t *r)
{
	return atomic_inc_not_zero(&r->refs);
}
static inline void kref_init(struct kref *k)
{
	refcount_set(&k->refcount, 1);
}
static inline void kref_get(struct kref *k)
{
	refcount_inc(&k->refcount);
}
static inline int kref_get_unless_zero(struct kref *k)
{
	return refcount_inc_not_zero(&k->refcount);
}
static inline int kref_put(struct kref *k, void (*release)(struct kref *k))
{
	if (refcount_dec_and_test(&k->refcount)) {
		release(k);
		return 1;
	}
	return 0;
}

/* more of atomic_t: the ordering variants (atomic_t.txt) */
typedef struct {
	long counter;
} atomic_long_t;
static inline long atomic_long_read(const atomic_long_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_RELAXED);
}
static inline void atomic_long_set(atomic_long_t *v, long i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_RELAXED);
}
static inline void atomic_long_inc(atomic_long_t *v)
{
	__atomic_fetch_add(&v->counter, 1, __ATOMIC_RELAXED);
}
static inline long atomic_long_inc_return(atomic_long_t *v)
{
	return __atomic_add_fetch(&v->counter, 1, __ATOMIC_SEQ_CST);
}
static inline int atomic_inc_return_acquire(atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, 1, __ATOMIC_ACQUIRE);
}
static inline int atomic_inc_return_release(atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, 1, __ATOMIC_RELEASE);
}
static inline int atomic_xchg_acquire(atomic_t *v, int n)
{
	return __atomic_exchange_n(&v->counter, n, __ATOMIC_ACQUIRE);
}
static inline int atomic_xchg_release(atomic_t *v, int n)
{
	return __atomic_exchange_n(&v->counter, n, __ATOMIC_RELEASE);
}
static inline int atomic_cmpxchg_acquire(atomic_t *v, int o, int n)
{
	__atomic_compare_exchange_n(&v->counter, &o, n, false, __ATOMIC_ACQUIRE,
				    __ATOMIC_RELAXED);
	return o;
}
static inline int atomic_cmpxchg_release(atomic_t *v, int o, int n)
{
	__atomic_compare_exchange_n(&v->counter, &o, n, false, __ATOMIC_RELEASE,
				    __ATOMIC_RELAXED);
	return o;
}
static inline int atomic_fetch_add_release(int i, atomic_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_RELEASE);
}
static inline int atomic_fetch_or_acquire(int i, atomic_t *v)
{
	return __atomic_fetch_or(&v->counter, i, __ATOMIC_ACQUIRE);
}
static inline int atomic_dec_return_release(atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, 1, __ATOMIC_RELEASE);
}
#define atomic_cond_read_relaxed(v, c) smp_cond_load_relaxed(&(v)->counter, (c))
#define atomic_cond_read_acquire(v, c) smp_cond_load_acquire(&(v)->counter, (c))

/*
 * Sleep and wake-up (include/linux/wait.h, swait.h, completion.h): the
 * names and shapes; nobody sleeps here, a waiter spins
 */
/* functions, not the kernel's macros: testcases declare them themselves */
static inline void set_current_state(int state)
{
	static int task_state;

	smp_store_mb(task_state, state);
}
static inline void __set_current_state(int state)
{
	static int task_state;

	WRITE_ONCE(task_state, state);
}
static inline int waitqueue_active(struct wait_queue_head *wq_head)
{
	return READ_ONCE(wq_head->head.next) != &wq_head->head;
}
static inline bool wq_has_sleeper(struct wait_queue_head *wq_head)
{
	smp_mb();
	return waitqueue_active(wq_head);
}
static inline int swait_active(struct swait_queue_head *q)
{
	return READ_ONCE(q->task_list.next) != &q->task_list;
}
static inline void prepare_to_wait(struct wait_queue_head *wq_head,
				   struct wait_queue_entry *wq_entry, int state)
{
	spin_lock(&wq_head->lock);
	WRITE_ONCE(wq_head->head.next, &wq_entry->entry);
	spin_unlock(&wq_head->lock);
	set_current_state(state);
}
static inline bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head,
					     struct wait_queue_entry *wq_entry,
					     int state)
{
	prepare_to_wait(wq_head, wq_entry, state);
	return true;
}
static inline long prepare_to_wait_event(struct wait_queue_head *wq_head,
					 struct wait_queue_entry *wq_entry,
					 int state)
{
	prepare_to_wait(wq_head, wq_entry, state);
	return 0;
}
static inline void finish_wait(struct wait_queue_head *wq_head,
			       struct wait_queue_entry *wq_entry)
{
	(void)wq_entry;
	__set_current_state(0);
	spin_lock(&wq_head->lock);
	WRITE_ONCE(wq_head->head.next, &wq_head->head);
	spin_unlock(&wq_head->lock);
}
/* the kernel's fast path: the condition first, with no barrier */
#define wait_event(wq_head, condition) \
	do {                           \
		(void)&(wq_head);      \
		while (!(condition))   \
			smp_mb();      \
	} while (0)
#define wait_event_interruptible(wq_head, condition) \
	({                                           \
		wait_event(wq_head, condition);      \
		0;                                   \
	})
#define wait_event_timeout(wq_head, condition, timeout) \
	({                                              \
		wait_event(wq_head, condition);         \
		(long)(timeout);                        \
	})
#define wait_var_event(var, condition) wait_event(var, condition)
static inline void __wake_up(struct wait_queue_head *wq_head)
{
	smp_mb();
	(void)wq_head;
}
#define wake_up(x) __wake_up(x)
#define wake_up_all(x) __wake_up(x)
#define wake_up_interruptible(x) __wake_up(x)
#define wake_up_interruptible_all(x) __wake_up(x)
static inline void swake_up_one(struct swait_queue_head *q)
{
	smp_mb();
	(void)q;
}
static inline void complete(struct completion *x)
{
	spin_lock(&x->wait.lock);
	x->done++;
	spin_unlock(&x->wait.lock);
}
static inline void complete_all(struct completion *x)
{
	spin_lock(&x->wait.lock);
	x->done = ~0u;
	spin_unlock(&x->wait.lock);
}
static inline void wait_for_completion(struct completion *x)
{
	for (;;) {
		spin_lock(&x->wait.lock);
		if (x->done) {
			x->done--;
			spin_unlock(&x->wait.lock);
			return;
		}
		spin_unlock(&x->wait.lock);
	}
}
static inline unsigned long wait_for_completion_timeout(struct completion *x,
							unsigned long timeout)
{
	wait_for_completion(x);
	return timeout;
}

/* RCU lists (include/linux/rculist.h, rculist_nulls.h) */
static inline void list_add_tail_rcu(struct list_head *n,
				     struct list_head *head)
{
	struct list_head *prev = head->prev;

	n->next = head;
	n->prev = prev;
	__atomic_store_n(&prev->next, n, __ATOMIC_RELEASE);
	head->prev = n;
}
static inline void list_del_rcu(struct list_head *entry)
{
	entry->next->prev = entry->prev;
	WRITE_ONCE(entry->prev->next, entry->next);
}
static inline void list_replace_rcu(struct list_head *old, struct list_head *n)
{
	n->next = old->next;
	n->prev = old->prev;
	__atomic_store_n(&n->prev->next, n, __ATOMIC_RELEASE);
	n->next->prev = n;
}
#define list_first_or_null_rcu(ptr, type, member)                         \
	({                                                                \
		struct list_head *__head = (ptr);                         \
		struct list_head *__next = READ_ONCE(__head->next);       \
		__head != __next ? list_entry_rcu(__next, type, member) : \
				   NULL;                                  \
	})
static inline void hlist_add_head_rcu(struct hlist_node *n,
				      struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	n->pprev = &h->first;
	__atomic_store_n(&h->first, n, __ATOMIC_RELEASE);
	if (first)
		first->pprev = &n->next;
}
static inline void hlist_add_before_rcu(struct hlist_node *n,
					struct hlist_node *next)
{
	n->pprev = next->pprev;
	n->next = next;
	__atomic_store_n(n->pprev, n, __ATOMIC_RELEASE);
	next->pprev = &n->next;
}
static inline void hlist_add_behind_rcu(struct hlist_node *n,
					struct hlist_node *prev)
{
	n->next = prev->next;
	n->pprev = &prev->next;
	__atomic_store_n(&prev->next, n, __ATOMIC_RELEASE);
	if (n->next)
		n->next->pprev = &n->next;
}
static inline void hlist_del_rcu(struct hlist_node *n)
{
	WRITE_ONCE(*n->pprev, n->next);
	if (n->next)
		n->next->pprev = n->pprev;
}
static inline void hlist_nulls_add_head_rcu(struct hlist_nulls_node *n,
					    struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *first = h->first;

	n->next = first;
	n->pprev = &h->first;
	__atomic_store_n(&h->first, n, __ATOMIC_RELEASE);
}
#define hlist_entry_safe(ptr, type, member)                           \
	({                                                            \
		__typeof__(ptr) ____ptr = (ptr);                      \
		____ptr ? container_of(____ptr, type, member) : NULL; \
	})
#define hlist_for_each_entry_rcu(pos, head, member)                     \
	for (pos = hlist_entry_safe(READ_ONCE((head)->first),           \
				    __typeof__(*(pos)), member);        \
	     pos; pos = hlist_entry_safe(READ_ONCE((pos)->member.next), \
					 __typeof__(*(pos)), member))
#define rcu_replace_pointer(rcu_ptr, ptr, c)                       \
	({                                                         \
		__typeof__(ptr) __tmp =                            \
			rcu_dereference_protected((rcu_ptr), (c)); \
		rcu_assign_pointer((rcu_ptr), (ptr));              \
		__tmp;                                             \
	})

/*
 * Per-CPU variables (include/linux/percpu-defs.h): one CPU here, so the
 * variable is its own per-CPU copy; the operations are the kernel's names
 * over relaxed atomics, the raw and __ ones plain C as the generic ones are
 */
#define DEFINE_PER_CPU(type, name) type name
#define DECLARE_PER_CPU(type, name) extern type name
#define per_cpu_ptr(ptr, cpu) ((void)(cpu), (ptr))
#define per_cpu(var, cpu) (*per_cpu_ptr(&(var), cpu))
#define this_cpu_ptr(ptr) (ptr)
#define raw_cpu_ptr(ptr) (ptr)
#define this_cpu_read(pcp) __atomic_load_n(&(pcp), __ATOMIC_RELAXED)
#define this_cpu_write(pcp, val) \
	__atomic_store_n(&(pcp), (val), __ATOMIC_RELAXED)
#define this_cpu_add(pcp, val) \
	((void)__atomic_fetch_add(&(pcp), (val), __ATOMIC_RELAXED))
#define this_cpu_sub(pcp, val) \
	((void)__atomic_fetch_sub(&(pcp), (val), __ATOMIC_RELAXED))
#define this_cpu_inc(pcp) this_cpu_add(pcp, 1)
#define this_cpu_dec(pcp) this_cpu_sub(pcp, 1)
#define this_cpu_add_return(pcp, val) \
	__atomic_add_fetch(&(pcp), (val), __ATOMIC_RELAXED)
#define this_cpu_inc_return(pcp) this_cpu_add_return(pcp, 1)
#define this_cpu_xchg(pcp, val) \
	__atomic_exchange_n(&(pcp), (val), __ATOMIC_RELAXED)
#define this_cpu_cmpxchg(pcp, o, n)                                   \
	({                                                            \
		__typeof__(pcp) __o = (o);                            \
		__atomic_compare_exchange_n(&(pcp), &__o, (n), false, \
					    __ATOMIC_RELAXED,         \
					    __ATOMIC_RELAXED);        \
		__o;                                                  \
	})
#define __this_cpu_read(pcp) (pcp)
#define __this_cpu_write(pcp, val) ((pcp) = (val))
#define __this_cpu_add(pcp, val) ((pcp) += (val))
#define __this_cpu_sub(pcp, val) ((pcp) -= (val))
#define __this_cpu_inc(pcp) __this_cpu_add(pcp, 1)
#define __this_cpu_dec(pcp) __this_cpu_sub(pcp, 1)
#define raw_cpu_read(pcp) (pcp)
#define raw_cpu_write(pcp, val) ((pcp) = (val))
#define raw_cpu_add(pcp, val) ((pcp) += (val))
#define raw_cpu_inc(pcp) raw_cpu_add(pcp, 1)

/*
 * local_t and local64_t (asm-generic/local.h, local64.h): a CPU's own
 * counters over atomic_long_t, with no ordering (core-api/local_ops.rst)
 */
typedef struct {
	atomic_long_t a;
} local_t;
typedef struct {
	local_t a;
} local64_t;
#define local_read(l) atomic_long_read(&(l)->a)
#define local_set(l, i) atomic_long_set(&(l)->a, (i))
#define local_inc(l) atomic_long_inc(&(l)->a)
#define local_inc_return(l) \
	__atomic_add_fetch(&(l)->a.counter, 1, __ATOMIC_RELAXED)
#define local_add(i, l) \
	((void)__atomic_fetch_add(&(l)->a.counter, (i), __ATOMIC_RELAXED))
#define local_sub(i, l) \
	((void)__atomic_fetch_sub(&(l)->a.counter, (i), __ATOMIC_RELAXED))
#define local_xchg(l, n) \
	__atomic_exchange_n(&(l)->a.counter, (n), __ATOMIC_RELAXED)
#define local64_read(l) local_read(&(l)->a)
#define local64_set(l, i) local_set(&(l)->a, (i))
#define local64_add(i, l) local_add((i), &(l)->a)

#endif
