// SPDX-License-Identifier: GPL-2.0
/* addr-dep-plain-load: a published pointer read with a plain load. */
#include <ordercheck/linux.h>

struct conf {
	int a, b;
	struct conf *next;
};

struct conf *cur_conf;		/* published with rcu_assign_pointer() */
struct conf *fast_path;		/* published with smp_store_release() */
struct conf *legacy;		/* published with smp_wmb(); WRITE_ONCE() */

void set_conf(struct conf *c)
{
	c->a = 1;
	c->b = 2;
	rcu_assign_pointer(cur_conf, c); // expect-note {{published here}}
}

void set_fast(struct conf *c)
{
	c->a = 3;
	smp_store_release(&fast_path, c); // expect-note[addr-dep-plain-load] {{published here}}
}

void set_legacy(struct conf *c)
{
	c->a = 4;
	c->b = 4;
	smp_wmb();
	WRITE_ONCE(legacy, c); // expect-note[addr-dep-plain-load] {{published here}}
}

int bad_reader(void)
{
	struct conf *c;
	int v;

	rcu_read_lock(); // expect-note {{in an RCU read-side critical section from here}}
	c = cur_conf; // expect-warning[addr-dep-plain-load] {{'cur_conf' is published with rcu_assign_pointer() in set_conf() but read here with a plain load, then dereferenced ('c->a')}}
	v = c->a; // expect-note {{dereferenced here}}
	rcu_read_unlock();
	return v;
}

/* checked with an acquire, then read again plainly: two loads */
int bad_direct(void)
{
	if (!smp_load_acquire(&fast_path)) // expect-note {{the same function reads it with a marked load here}}
		return 0;
	return fast_path->a; // expect-warning[addr-dep-plain-load] {{'fast_path' is published with smp_store_release() in set_fast()}} expect-note[addr-dep-plain-load] {{dereferenced here}}
}

/* the same for the older smp_wmb() publishing style */
int bad_legacy(void)
{
	struct conf *c;

	if (!READ_ONCE(legacy)) // expect-note[addr-dep-plain-load] {{the same function reads it with a marked load here}}
		return 0;
	c = legacy; // expect-warning[addr-dep-plain-load] {{published with WRITE_ONCE() after smp_wmb() in set_legacy()}}

	return c ? c->b : 0; // expect-note[addr-dep-plain-load] {{dereferenced here}}
}
