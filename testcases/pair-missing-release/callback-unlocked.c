// SPDX-License-Identifier: GPL-2.0
/*
 * A helper called directly under the lock, and also through an ops table
 * with no lock: not every call holds the lock, so its stores race with
 * the reader's critical section, and the reader's acquire pairs with
 * nothing on the writer's side.
 */
#include <ordercheck/linux.h>

struct cfg;

struct cfg_ops {
	void (*update)(struct cfg *c);
};

struct cfg {
	spinlock_t lock;
	int a;
	int b;
	const struct cfg_ops *ops;
};

static void cfg_update(struct cfg *c)
{
	WRITE_ONCE(c->a, 1); // expect-note[pair-missing-release] {{cfg_update() stores 'cfg.a' here}}
	WRITE_ONCE(c->b, 1); // expect-warning[pair-missing-release] {{'cfg.b' is stored after 'cfg.a' with nothing ordering the two stores, but cfg_poll() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'cfg.b' here}}
}

static const struct cfg_ops cfg_ops = {
	.update = cfg_update,
};

void cfg_locked(struct cfg *c)
{
	spin_lock(&c->lock);
	cfg_update(c);
	spin_unlock(&c->lock);
}

void cfg_kick(struct cfg *c)
{
	c->ops->update(c);
}

int cfg_poll(struct cfg *c)
{
	int v = -1;

	spin_lock(&c->lock);
	if (smp_load_acquire(&c->b)) // expect-note[pair-missing-release] {{cfg_poll() reads 'cfg.b' here}} expect-note[pair-missing-release] {{cfg_poll() reads 'cfg.b' here}}
		v = READ_ONCE(c->a); // expect-note[pair-missing-release] {{then reads 'cfg.a' here}} expect-note[pair-missing-release] {{then reads 'cfg.a' here}}
	spin_unlock(&c->lock);
	return v;
}

/* a callback handed to code outside the tree: its caller is not seen */
void call_rcu_like(void (*fn)(struct cfg *c));

static void cfg_cb(struct cfg *c)
{
	WRITE_ONCE(c->a, 2); // expect-note[pair-missing-release] {{cfg_cb() stores 'cfg.a' here}}
	WRITE_ONCE(c->b, 2); // expect-warning[pair-missing-release] {{'cfg.b' is stored after 'cfg.a' with nothing ordering the two stores, but cfg_poll() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'cfg.b' here}}
}

void cfg_defer(struct cfg *c)
{
	spin_lock(&c->lock);
	cfg_cb(c);
	spin_unlock(&c->lock);
	call_rcu_like(cfg_cb);
}
