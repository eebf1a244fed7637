// SPDX-License-Identifier: GPL-2.0
/*
 * misplaced-barrier: the barrier is there, an access is on the wrong
 * side of it for what the other side relies on.
 */
#include <ordercheck/linux.h>

/* the writer stores the flag before its smp_wmb() and the data after */
struct ring {
	int head;
	int buf;
};

void ring_push(struct ring *r, int v)
{
	WRITE_ONCE(r->head, 1); // expect-warning[misplaced-barrier] {{'ring.head' is stored before smp_wmb() and 'ring.buf' after it, but ring_pop() reads 'ring.head' first and orders its reads with smp_rmb(): a reader that sees the new 'ring.head' can read the old 'ring.buf'; store 'ring.head' after the smp_wmb() and 'ring.buf' before it}}
	smp_wmb(); // expect-note[misplaced-barrier] {{smp_wmb() here}}
	r->buf = v; // expect-note[misplaced-barrier] {{then stores 'ring.buf' here}}
}

int ring_pop(struct ring *r)
{
	if (!READ_ONCE(r->head)) // expect-note[misplaced-barrier] {{ring_pop() reads 'ring.head' here}}
		return -1;
	smp_rmb(); // expect-note[misplaced-barrier] {{ordered by smp_rmb() here}}
	return r->buf; // expect-note[misplaced-barrier] {{then reads 'ring.buf' here}}
}

/* the reader's smp_rmb() stands before the flag read */
struct msg {
	int body;
	int ready;
};

void msg_send(struct msg *m, int v)
{
	m->body = v; // expect-note[misplaced-barrier] {{msg_send() stores 'msg.body' here}}
	smp_store_release(&m->ready, 1); // expect-note[misplaced-barrier] {{then stores 'msg.ready' here}}
}

int msg_peek(struct msg *m)
{
	int ready, body;

	smp_rmb(); // expect-warning[misplaced-barrier] {{smp_rmb() stands before the read of 'msg.ready', not between the read of 'msg.ready' and the read of 'msg.body', and orders nothing here; msg_send() orders its side with a release (smp_store_release()): move smp_rmb() after the read of 'msg.ready'}}
	ready = READ_ONCE(m->ready); // expect-note[misplaced-barrier] {{the read of 'msg.ready' here}}
	body = m->body; // expect-note[misplaced-barrier] {{then the read of 'msg.body' here}}
	return ready ? body : -1;
}

/* the reader's smp_rmb() stands after both reads */
struct stat {
	long val;
	long seq;
};

void stat_set(struct stat *s, long v)
{
	WRITE_ONCE(s->val, v); // expect-note[misplaced-barrier] {{stat_set() stores 'stat.val' here}}
	smp_wmb(); // expect-note[misplaced-barrier] {{ordered by smp_wmb() here}}
	WRITE_ONCE(s->seq, s->seq + 1); // expect-note[misplaced-barrier] {{then stores 'stat.seq' here}}
}

long stat_get(struct stat *s, long *seq)
{
	long v;

	*seq = READ_ONCE(s->seq); // expect-note[misplaced-barrier] {{the read of 'stat.seq' here}}
	v = READ_ONCE(s->val); // expect-note[misplaced-barrier] {{then the read of 'stat.val' here}}
	smp_rmb(); // expect-warning[misplaced-barrier] {{smp_rmb() stands after the read of 'stat.val'}}
	return v;
}

/* store buffering: the full barrier follows the load it should precede */
struct gate {
	int closing;
	int users;
};

int gate_close(struct gate *g)
{
	int users;

	WRITE_ONCE(g->closing, 1); // expect-note[misplaced-barrier] {{the store of 'gate.closing' here}}
	users = READ_ONCE(g->users); // expect-note[misplaced-barrier] {{then the read of 'gate.users' here}}
	smp_mb(); // expect-warning[misplaced-barrier] {{smp_mb() stands after the read of 'gate.users', not between the store of 'gate.closing' and the read of 'gate.users', and orders nothing here; gate_enter() orders its side with smp_store_mb(): move smp_mb() before the read of 'gate.users'}}
	return users;
}

int gate_enter(struct gate *g)
{
	smp_store_mb(g->users, 1); // expect-note[misplaced-barrier] {{ordered by smp_store_mb() here}} expect-note[misplaced-barrier] {{gate_enter() stores 'gate.users' here}}
	return !READ_ONCE(g->closing); // expect-note[misplaced-barrier] {{then reads 'gate.closing' here}}
}

/* the reader reads the data before its smp_rmb() and the flag after */
struct cfg {
	int mode;
	int valid;
};

void cfg_update(struct cfg *c, int mode)
{
	WRITE_ONCE(c->mode, mode); // expect-note[misplaced-barrier] {{cfg_update() stores 'cfg.mode' here}}
	smp_store_release(&c->valid, 1); // expect-note[misplaced-barrier] {{then stores 'cfg.valid' here}}
}

int cfg_mode(struct cfg *c)
{
	int mode = READ_ONCE(c->mode); // expect-warning[misplaced-barrier] {{'cfg.mode' is read before smp_rmb() and 'cfg.valid' after it, but cfg_update() stores 'cfg.valid' last, ordered by a release (smp_store_release()): this can read the old 'cfg.mode' and then the new 'cfg.valid'; read 'cfg.valid' first, then smp_rmb(), then 'cfg.mode'}}
	smp_rmb(); // expect-note[misplaced-barrier] {{smp_rmb() here}}
	if (!READ_ONCE(c->valid)) // expect-note[misplaced-barrier] {{then reads 'cfg.valid' here}}
		return -1;
	return mode;
}

/*
 * not this rule's: the smp_rmb() before the pair orders an earlier read of
 * its own, so it is not misplaced; the unordered pair is the ctrl-dep and
 * pair rules' to report
 */
struct gen {
	unsigned g;
	int on;
	int arg;
};

void gen_post(struct gen *x, int a)
{
	WRITE_ONCE(x->arg, a);
	smp_wmb(); // expect-note[ctrl-dep-load-load] {{the writer orders them here}}
	WRITE_ONCE(x->on, 1);
}

int gen_peek(struct gen *x, unsigned *g)
{
	int on;

	*g = READ_ONCE(x->g);
	smp_rmb();
	on = READ_ONCE(x->on); // expect-note[ctrl-dep-load-load] {{'gen_post()' writes 'gen.arg' before 'gen.on' with smp_wmb()}}
	return on ? READ_ONCE(x->arg) : -1; // expect-warning[ctrl-dep-load-load] {{READ_ONCE(x->arg) in the 'if' on READ_ONCE(x->on) is not ordered after it}}
}
