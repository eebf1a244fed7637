/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small model of QEMU's ordering primitives (include/qemu/atomic.h,
 * rcu.h, rcu_queue.h, thread.h, seqlock.h) for code checked without
 * QEMU's tree: our testcases. Written here from docs/devel/atomics.rst's
 * description of each name, on the GCC __atomic builtins; ordercheck
 * knows the names (checker/src/vocab/qemu.def), so what matters is the
 * names and the argument shapes. Including it makes a file's dialect
 * QEMU's (INCLUDED row), as including QEMU's own headers does.
 */
#ifndef ORDERCHECK_MODEL_QEMU_H
#define ORDERCHECK_MODEL_QEMU_H

#include <stddef.h>

/* compiler barrier; the weak barriers as the C11 fences they are */
#define barrier() __asm__ __volatile__("" ::: "memory")
#define smp_mb() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_mb_acquire() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_mb_release() __atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_rmb() smp_mb_acquire()
#define smp_wmb() smp_mb_release()
#define smp_read_barrier_depends() barrier()
/* what a seq_cst RMW does not order for relaxed neighbours everywhere */
#define smp_mb__before_rmw() smp_mb()
#define smp_mb__after_rmw() smp_mb()

/* weak accesses: relaxed */
#define qatomic_read(ptr) __atomic_load_n(ptr, __ATOMIC_RELAXED)
#define qatomic_set(ptr, i) __atomic_store_n(ptr, i, __ATOMIC_RELAXED)
#define qatomic_load_acquire(ptr) __atomic_load_n(ptr, __ATOMIC_ACQUIRE)
#define qatomic_store_release(ptr, i) __atomic_store_n(ptr, i, __ATOMIC_RELEASE)
/* RCU pointers: a consume load, a release store */
#define qatomic_rcu_read(ptr) __atomic_load_n(ptr, __ATOMIC_CONSUME)
#define qatomic_rcu_set(ptr, i) __atomic_store_n(ptr, i, __ATOMIC_RELEASE)

/* read-modify-writes: seq_cst, void ones included */
#define qatomic_inc(ptr) ((void)__atomic_fetch_add(ptr, 1, __ATOMIC_SEQ_CST))
#define qatomic_dec(ptr) ((void)__atomic_fetch_sub(ptr, 1, __ATOMIC_SEQ_CST))
#define qatomic_add(ptr, n) ((void)__atomic_fetch_add(ptr, n, __ATOMIC_SEQ_CST))
#define qatomic_sub(ptr, n) ((void)__atomic_fetch_sub(ptr, n, __ATOMIC_SEQ_CST))
#define qatomic_or(ptr, n) ((void)__atomic_fetch_or(ptr, n, __ATOMIC_SEQ_CST))
#define qatomic_fetch_add(ptr, n) __atomic_fetch_add(ptr, n, __ATOMIC_SEQ_CST)
#define qatomic_fetch_inc(ptr) __atomic_fetch_add(ptr, 1, __ATOMIC_SEQ_CST)
#define qatomic_xchg(ptr, i) __atomic_exchange_n(ptr, i, __ATOMIC_SEQ_CST)
#define qatomic_cmpxchg(ptr, old, new)                          \
	({                                                      \
		__typeof__(*(ptr)) _old = (old);                \
		__atomic_compare_exchange_n(ptr, &_old, new, 0, \
					    __ATOMIC_SEQ_CST,   \
					    __ATOMIC_SEQ_CST);  \
		_old;                                           \
	})

/*
 * locks (include/qemu/thread.h): the mutexes and condition variables are
 * pthread's, out of line here as in QEMU (qemu_mutex_lock() is a macro
 * there; the names are what ordercheck knows)
 */
typedef struct QemuMutex {
	int opaque;
} QemuMutex;
typedef struct QemuCond {
	int opaque;
} QemuCond;
void qemu_mutex_lock(QemuMutex *mutex);
void qemu_mutex_unlock(QemuMutex *mutex);
void qemu_cond_wait(QemuCond *cond, QemuMutex *mutex);
void qemu_cond_signal(QemuCond *cond);
/* threads (include/qemu/thread.h): pthread_create() and pthread_join() */
typedef struct QemuThread {
	unsigned long thread;
} QemuThread;
#define QEMU_THREAD_JOINABLE 0
void qemu_thread_create(QemuThread *thread, const char *name,
			void *(*start_routine)(void *), void *arg, int mode);
void *qemu_thread_join(QemuThread *thread);
typedef struct QemuSpin {
	int value;
} QemuSpin;
void qemu_spin_lock(QemuSpin *spin);
void qemu_spin_unlock(QemuSpin *spin);

/* the seqlock (include/qemu/seqlock.h, static inline there) */
typedef struct QemuSeqLock {
	unsigned sequence;
} QemuSeqLock;
unsigned seqlock_read_begin(const QemuSeqLock *sl);
int seqlock_read_retry(const QemuSeqLock *sl, unsigned start);
void seqlock_write_begin(QemuSeqLock *sl);
void seqlock_write_end(QemuSeqLock *sl);

/* RCU read side and grace periods */
static inline void rcu_read_lock(void)
{
}
static inline void rcu_read_unlock(void)
{
}
void synchronize_rcu(void);

#endif
