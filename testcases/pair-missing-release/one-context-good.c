// SPDX-License-Identifier: GPL-2.0
/*
 * Two sides that only one single-threaded entry reaches run one after the
 * other: a work item's function never runs beside itself
 * (workqueue.h), nor does a kthread's loop or a timer's callback. Quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct work_struct {
	void (*func)(struct work_struct *work);
};

#define INIT_WORK(_work, _func) ((_work)->func = (_func))

struct timer_list {
	void (*function)(struct timer_list *t);
};

void init_timer_key(struct timer_list *timer,
		    void (*func)(struct timer_list *), unsigned int flags,
		    const char *name, void *key);
#define timer_setup(timer, callback, flags) \
	init_timer_key((timer), (callback), (flags), NULL, NULL)

struct task_struct;
struct task_struct *kthread_create_on_node(int (*threadfn)(void *data),
					   void *data, int node,
					   const char namefmt[], ...);
#define kthread_run(fn, data, name) kthread_create_on_node(fn, data, -1, name)

struct state {
	int val;
	int ready;
	struct work_struct work;
	struct timer_list timer;
};

/* a work item's two helpers */
static void state_fill(struct state *s)
{
	WRITE_ONCE(s->val, 1);
	WRITE_ONCE(s->ready, 1);
}

static int state_use(struct state *s)
{
	if (smp_load_acquire(&s->ready))
		return READ_ONCE(s->val);
	return 0;
}

static void state_work(struct work_struct *w)
{
	struct state *s = (struct state *)w;

	state_fill(s);
	state_use(s);
}

void state_setup(struct state *s)
{
	INIT_WORK(&s->work, state_work);
}

/* a timer's */
struct tick {
	int count;
	int seen;
	struct timer_list timer;
};

static void tick_bump(struct tick *t)
{
	WRITE_ONCE(t->count, 1);
	WRITE_ONCE(t->seen, 1);
}

static int tick_read(struct tick *t)
{
	if (smp_load_acquire(&t->seen))
		return READ_ONCE(t->count);
	return 0;
}

static void tick_fn(struct timer_list *tl)
{
	struct tick *t = (struct tick *)tl;

	tick_bump(t);
	tick_read(t);
}

void tick_start(struct tick *t)
{
	timer_setup(&t->timer, tick_fn, 0);
}

/* a kthread's */
struct poller {
	int data;
	int flag;
};

static void poller_put(struct poller *p)
{
	WRITE_ONCE(p->data, 1);
	WRITE_ONCE(p->flag, 1);
}

static int poller_get(struct poller *p)
{
	if (smp_load_acquire(&p->flag))
		return READ_ONCE(p->data);
	return 0;
}

static int poller_thread(void *arg)
{
	struct poller *p = arg;

	for (;;) {
		poller_put(p);
		poller_get(p);
	}
	return 0;
}

void poller_start(struct poller *p)
{
	kthread_run(poller_thread, p, "poller");
}
