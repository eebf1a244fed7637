// SPDX-License-Identifier: GPL-2.0
/*
 * Functions copied unchanged from Linux 6.1 (linux-source-6.1), with the
 * file and line each comes from, and just enough declarations around them
 * to parse with ordercheck's model header instead of the kernel's. This is
 * the bundled real input of the first README command; every function here
 * is also found when ordercheck runs on the kernel tree itself.
 */
#include <ordercheck/linux.h>

#define WARN_ON_ONCE(c) ((void)(c))
#define unlikely(x) __builtin_expect(!!(x), 0)
#define NULL ((void *)0)
#define TIF_NOTIFY_SIGNAL 17
#define TIF_POLLING_NRFLAG 21
#define WAKE_Q_TAIL ((struct wake_q_node *)0x01)
#define RCU_SEQ_STATE_MASK 3

struct thread_info {
	unsigned long flags;
};
extern struct thread_info *current_thread_info(void);

static inline void set_ti_thread_flag(struct thread_info *ti, int flag)
{
	set_bit(flag, (unsigned long *)&ti->flags);
}
static inline void clear_ti_thread_flag(struct thread_info *ti, int flag)
{
	clear_bit(flag, (unsigned long *)&ti->flags);
}
#define set_thread_flag(flag) set_ti_thread_flag(current_thread_info(), flag)
#define clear_thread_flag(flag) \
	clear_ti_thread_flag(current_thread_info(), flag)

extern int rcu_seq_state(unsigned long s);
extern void preempt_fold_need_resched(void);
extern int tif_need_resched(void);

struct wake_q_node {
	struct wake_q_node *next;
};
struct wake_q_head {
	struct wake_q_node *first;
	struct wake_q_node **lastp;
};
struct task_struct {
	struct wake_q_node wake_q;
};
#define cmpxchg_relaxed(p, o, n) cmpxchg(p, o, n)

/* kernel/rcu/rcu.h:57 */
/* Adjust sequence number for start of update-side operation. */
static inline void rcu_seq_start(unsigned long *sp)
{
	WRITE_ONCE(*sp, *sp + 1);
	smp_mb(); /* Ensure update-side operation after counter increment. */
	WARN_ON_ONCE(rcu_seq_state(*sp) != 1);
}

/* include/linux/sched/idle.h:44 */
static inline void __current_clr_polling(void)
{
	clear_thread_flag(TIF_POLLING_NRFLAG);
}

/* include/linux/sched/idle.h:76 */
static inline void current_clr_polling(void)
{
	__current_clr_polling();

	/*
	 * Ensure we check TIF_NEED_RESCHED after we clear the polling bit.
	 * Once the bit is cleared, we'll get IPIs with every new
	 * TIF_NEED_RESCHED and the IPI handler, scheduler_ipi(), will also
	 * fold.
	 */
	smp_mb(); /* paired with resched_curr() */

	preempt_fold_need_resched();
}

/* include/linux/sched/idle.h:26 and :31: correct, and stays quiet */
static inline void __current_set_polling(void)
{
	set_thread_flag(TIF_POLLING_NRFLAG);
}

static inline bool __attribute__((warn_unused_result))
current_set_polling_and_test(void)
{
	__current_set_polling();

	/*
	 * Polling state must be visible before we test NEED_RESCHED,
	 * paired by resched_curr()
	 */
	smp_mb__after_atomic();

	return unlikely(tif_need_resched());
}

/* kernel/sched/core.c:938 */
static bool __wake_q_add(struct wake_q_head *head, struct task_struct *task)
{
	struct wake_q_node *node = &task->wake_q;

	/*
	 * Atomically grab the task, if ->wake_q is !nil already it means
	 * it's already queued (either by us or someone else) and will get the
	 * wakeup due to that.
	 *
	 * In order to ensure that a pending wakeup will observe our pending
	 * state, even in the failed case, an explicit smp_mb() must be used.
	 */
	smp_mb__before_atomic();
	if (unlikely(cmpxchg_relaxed(&node->next, NULL, WAKE_Q_TAIL)))
		return false;

	/*
	 * The head is context local, there can be no concurrency.
	 */
	*head->lastp = node;
	head->lastp = &node->next;
	return true;
}
