// SPDX-License-Identifier: GPL-2.0
/*
 * A work item's writer against a reader that a system call or another
 * work item reaches: two contexts, side by side.
 */
#include <ordercheck/linux.h>

struct work_struct {
	void (*func)(struct work_struct *work);
};

#define INIT_WORK(_work, _func) ((_work)->func = (_func))

struct state {
	int val;
	int ready;
	struct work_struct work;
	struct work_struct other;
};

static void state_fill(struct state *s)
{
	WRITE_ONCE(s->val, 1); // expect-note[pair-missing-release] {{state_fill() stores 'state.val' here}}
	WRITE_ONCE(s->ready, 1); // expect-warning[pair-missing-release] {{'state.ready' is stored after 'state.val' with nothing ordering the two stores, but state_use() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'state.ready' here}}
}

static int state_use(struct state *s)
{
	if (smp_load_acquire(&s->ready)) // expect-note[pair-missing-release] {{state_use() reads 'state.ready' here}}
		return READ_ONCE(s->val); // expect-note[pair-missing-release] {{then reads 'state.val' here}}
	return 0;
}

static void state_work(struct work_struct *w)
{
	state_fill((struct state *)w);
}

/* another work item: runs beside the first */
static void state_other(struct work_struct *w)
{
	state_use((struct state *)w);
}

void state_setup(struct state *s)
{
	INIT_WORK(&s->work, state_work);
	INIT_WORK(&s->other, state_other);
}

/* the same helpers, one of them also called where no entry is seen */
struct cfg {
	int val;
	int ready;
	struct work_struct work;
};

static void cfg_fill(struct cfg *c)
{
	WRITE_ONCE(c->val, 1); // expect-note[pair-missing-release] {{cfg_fill() stores 'cfg.val' here}}
	WRITE_ONCE(c->ready, 1); // expect-warning[pair-missing-release] {{'cfg.ready' is stored after 'cfg.val' with nothing ordering the two stores, but cfg_use() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'cfg.ready' here}}
}

static int cfg_use(struct cfg *c)
{
	if (smp_load_acquire(&c->ready)) // expect-note[pair-missing-release] {{cfg_use() reads 'cfg.ready' here}}
		return READ_ONCE(c->val); // expect-note[pair-missing-release] {{then reads 'cfg.val' here}}
	return 0;
}

static void cfg_work(struct work_struct *w)
{
	cfg_fill((struct cfg *)w);
	cfg_use((struct cfg *)w);
}

void cfg_setup(struct cfg *c)
{
	INIT_WORK(&c->work, cfg_work);
}

int cfg_ioctl(struct cfg *c)
{
	return cfg_use(c);
}
