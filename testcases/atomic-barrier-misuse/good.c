// SPDX-License-Identifier: GPL-2.0
/* atomic-barrier-misuse: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>
#include <stdatomic.h>

struct obj {
	atomic_t refs;
	unsigned long flags;
	int ready;
};

void wake_up_bit(void *word, int bit);

void good_after_inc(struct obj *o)
{
	atomic_inc(&o->refs);
	smp_mb__after_atomic();
	WRITE_ONCE(o->ready, 1);
}

/* fs/buffer.c unlock_buffer(): clear_bit_unlock(); smp_mb__after_atomic(); wake_up_bit() */
void good_unlock_and_wake(struct obj *o)
{
	clear_bit_unlock(0, &o->flags);
	smp_mb__after_atomic();
	wake_up_bit(&o->flags, 0);
}

void good_before_dec(struct obj *o)
{
	WRITE_ONCE(o->ready, 0);
	smp_mb__before_atomic();
	atomic_dec(&o->refs);
}

void good_before_set_bit(struct obj *o)
{
	smp_mb__before_atomic();
	set_bit(3, &o->flags);
}

void good_relaxed_return(struct obj *o)
{
	smp_mb__before_atomic();
	atomic_inc_return_relaxed(&o->refs);
	smp_mb__after_atomic();
}

atomic_int x;

int good_c11(void)
{
	int e = 0;

	atomic_store_explicit(&x, 1, memory_order_release);
	atomic_compare_exchange_strong_explicit(&x, &e, 1, memory_order_acq_rel,
						memory_order_acquire);
	atomic_thread_fence(memory_order_acquire);
	return atomic_load_explicit(&x, memory_order_acquire);
}

void unrelated(void);

/* a call we cannot see into may end in the RMW: quiet */
void good_after_unknown_call(struct obj *o)
{
	unrelated();
	smp_mb__after_atomic();
	WRITE_ONCE(o->ready, 1);
}

/* mm/gup.c try_grab_folio(): both legs end in an RMW */
void good_both_legs(struct obj *o, int big)
{
	if (big)
		atomic_add(2, &o->refs);
	else
		atomic_inc(&o->refs);
	smp_mb__after_atomic();
	WRITE_ONCE(o->ready, 1);
}

/* include/linux/rmap.h: the helper under a configuration test */
void good_under_config(struct obj *o)
{
	clear_bit(0, &o->flags);
	if (sizeof(long) == 8)
		smp_mb__after_atomic();
}

/* kernel/locking/rtmutex.c mark_rt_mutex_waiters(): a cmpxchg retry loop */
void good_retry_loop(struct obj *o)
{
	int old;

	do {
		old = atomic_read(&o->refs);
	} while (atomic_cmpxchg(&o->refs, old, old | 1) != old);
	smp_mb__after_atomic();
}

/* kernel/seccomp.c: the RMW comes later, past a branch */
void good_rmw_later(struct obj *o, int c)
{
	o->ready = 3;
	smp_mb__before_atomic();
	if (c)
		unrelated();
	set_bit(1, &o->flags);
}
