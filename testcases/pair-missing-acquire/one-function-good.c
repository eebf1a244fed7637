// SPDX-License-Identifier: GPL-2.0
/*
 * Both sides in one function where they cannot meet: the function is a
 * work item's, which never runs beside itself; its two legs hold one
 * lock; it orders both legs; its sides are straight-line code that one
 * call runs both of.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct work_struct {
	void (*func)(struct work_struct *work);
};

#define INIT_WORK(_work, _func) ((_work)->func = (_func))

struct slot {
	void *obj;
	int full;
	struct work_struct work;
};

struct lslot {
	void *obj;
	int full;
	spinlock_t lock;
};

struct aslot {
	void *obj;
	int full;
};

void consume(void *obj);

static void slot_work(struct work_struct *w)
{
	struct slot *s = (struct slot *)w;

	if (READ_ONCE(s->full)) {
		consume(READ_ONCE(s->obj));
	} else {
		WRITE_ONCE(s->obj, s);
		smp_store_release(&s->full, 1);
	}
}

void slot_setup(struct slot *s)
{
	INIT_WORK(&s->work, slot_work);
}

void *slot_cycle_locked(struct lslot *s, void *o)
{
	void *r = NULL;

	spin_lock(&s->lock);
	if (READ_ONCE(s->full)) {
		r = READ_ONCE(s->obj);
	} else {
		WRITE_ONCE(s->obj, o);
		smp_store_release(&s->full, 1);
	}
	spin_unlock(&s->lock);
	return r;
}

void *slot_cycle_acquire(struct aslot *s, void *o)
{
	void *r = NULL;

	if (smp_load_acquire(&s->full)) {
		r = READ_ONCE(s->obj);
	} else {
		WRITE_ONCE(s->obj, o);
		smp_store_release(&s->full, 1);
	}
	return r;
}

/* straight-line: one call reads the pair, then writes it */
struct bslot {
	void *obj;
	int full;
};

void *slot_swap(struct bslot *s, void *o)
{
	void *r = NULL;

	if (READ_ONCE(s->full))
		r = READ_ONCE(s->obj);
	WRITE_ONCE(s->obj, o);
	smp_store_release(&s->full, 1);
	return r;
}
