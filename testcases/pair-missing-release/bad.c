// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release: the reader orders its reads, the writer does not
 * order its stores.
 */
#include <ordercheck/linux.h>

struct slot {
	int data;
	int full;
};

/* the writer: nothing between the data and the flag */
void slot_put(struct slot *s, int v)
{
	s->data = v; // expect-note[pair-missing-release] {{slot_put() stores 'slot.data' here}}
	WRITE_ONCE(s->full, 1); // expect-warning[pair-missing-release] {{'slot.full' is stored after 'slot.data' with nothing ordering the two stores, but slot_get() reads them in the other order with an acquire (smp_load_acquire()): use smp_store_release() for 'slot.full'}} expect-note[pair-missing-release] {{then stores 'slot.full' here}}
}

int slot_get(struct slot *s)
{
	if (!smp_load_acquire(&s->full)) // expect-note[pair-missing-release] {{slot_get() reads 'slot.full' here}}
		return -1;
	return s->data; // expect-note[pair-missing-release] {{then reads 'slot.data' here}}
}

struct ev {
	int code;
	int seq;
};

/* a writer whose reader uses smp_rmb(): the writer needs smp_wmb() */
void ev_post(struct ev *e, int code)
{
	WRITE_ONCE(e->code, code); // expect-note[pair-missing-release] {{ev_post() stores 'ev.code' here}}
	WRITE_ONCE(e->seq, e->seq + 1); // expect-warning[pair-missing-release] {{with smp_rmb()}} expect-note[pair-missing-release] {{then stores 'ev.seq' here}}
}

int ev_read(struct ev *e, int *code)
{
	int seq = READ_ONCE(e->seq); // expect-note[pair-missing-release] {{ev_read() reads 'ev.seq' here}}

	smp_rmb(); // expect-note[pair-missing-release] {{ordered by smp_rmb() here}}
	*code = READ_ONCE(e->code); // expect-note[pair-missing-release] {{then reads 'ev.code' here}}
	return seq;
}

/*
 * a publication that a dependency reader trusts: the pointer is stored
 * with WRITE_ONCE() after the object's initialisation, and the reader
 * dereferences what rcu_dereference() (or READ_ONCE()) loads
 */
struct conf {
	int limit;
};

struct conf *cur_conf;

void conf_install(struct conf *c, int limit)
{
	c->limit = limit; // expect-note[pair-missing-release] {{conf_install() stores 'conf.limit' here}}
	WRITE_ONCE(cur_conf, c); // expect-warning[pair-missing-release] {{'cur_conf' is stored with WRITE_ONCE() after 'conf.limit' with nothing ordering the two stores, but conf_limit() reads 'conf.limit' through the pointer it loads from 'cur_conf' and trusts an address dependency (rcu_dereference()) to order them: use rcu_assign_pointer() or smp_store_release() for 'cur_conf'}} expect-note[pair-missing-release] {{then stores 'cur_conf' here}}
}

int conf_limit(void)
{
	struct conf *c;
	int l;

	rcu_read_lock();
	c = rcu_dereference(cur_conf); // expect-note[pair-missing-release] {{conf_limit() reads 'cur_conf' here}}
	l = c ? c->limit : 0; // expect-note[pair-missing-release] {{then reads 'conf.limit' here}}
	rcu_read_unlock();
	return l;
}

struct ops {
	long (*fn)(long);
	long arg;
};

struct ops *active_ops;

void ops_switch(struct ops *o, long arg)
{
	o->arg = arg; // expect-note[pair-missing-release] {{ops_switch() stores 'ops.arg' here}}
	WRITE_ONCE(active_ops, o); // expect-warning[pair-missing-release] {{but ops_call() reads 'ops.arg' through the pointer it loads from 'active_ops' and trusts an address dependency (READ_ONCE())}} expect-note[pair-missing-release] {{then stores 'active_ops' here}}
}

long ops_call(void)
{
	struct ops *o = READ_ONCE(active_ops); // expect-note[pair-missing-release] {{ops_call() reads 'active_ops' here}}

	return o->arg; // expect-note[pair-missing-release] {{then reads 'ops.arg' here}}
}
