// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release through callees: the writer's data store is done
 * by a helper it calls (one and two calls deep), or an allocation sits
 * between its two stores; the reader orders with an acquire. The finding
 * names the callee in a note.
 */
#include <ordercheck/linux.h>

void *kmalloc(unsigned long size, int flags);

struct cfg {
	int data;
	int ready;
};

static void cfg_fill(struct cfg *c, int v)
{
	c->data = v; // expect-note[pair-missing-release] {{cfg_fill() writes 'cfg.data' here}}
}

/* the data store is in cfg_fill(), nothing orders it before the flag */
void cfg_publish(struct cfg *c, int v)
{
	cfg_fill(c, v); // expect-note {{'cfg.data' is written in cfg_fill() called here (depth 1)}} expect-note[pair-missing-release] {{cfg_publish() stores 'cfg.data' here}}
	WRITE_ONCE(c->ready, 1); // expect-warning[pair-missing-release] {{'cfg.ready' is stored after 'cfg.data' with nothing ordering the two stores, but cfg_consume() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'cfg.ready' here}}
}

int cfg_consume(struct cfg *c)
{
	if (!smp_load_acquire(&c->ready)) // expect-note[pair-missing-release] {{cfg_consume() reads 'cfg.ready' here}}
		return -1;
	return c->data; // expect-note[pair-missing-release] {{then reads 'cfg.data' here}}
}

struct job {
	int arg;
	int queued;
	void *buf;
};

static void job_set_arg(struct job *j, int v)
{
	WRITE_ONCE(j->arg, v); // expect-note[pair-missing-release] {{job_set_arg() writes 'job.arg' here}}
}

static void job_init(struct job *j, int v)
{
	job_set_arg(j, v);
}

/* two calls deep */
void job_queue(struct job *j, int v)
{
	job_init(j, v); // expect-note {{'job.arg' is written in job_set_arg() called here through job_init() (depth 2)}} expect-note[pair-missing-release] {{job_queue() stores 'job.arg' here}}
	WRITE_ONCE(j->queued, 1); // expect-warning[pair-missing-release] {{'job.queued' is stored after 'job.arg' with nothing ordering the two stores}} expect-note[pair-missing-release] {{then stores 'job.queued' here}}
}

int job_take(struct job *j)
{
	if (!smp_load_acquire(&j->queued)) // expect-note[pair-missing-release] {{job_take() reads 'job.queued' here}}
		return -1;
	return READ_ONCE(j->arg); // expect-note[pair-missing-release] {{then reads 'job.arg' here}}
}

struct req {
	int len;
	int posted;
	void *buf;
};

/* an allocation between the two stores neither orders nor touches them */
void req_post(struct req *r, int len)
{
	WRITE_ONCE(r->len, len); // expect-note[pair-missing-release] {{req_post() stores 'req.len' here}}
	r->buf = kmalloc(len, 0);
	WRITE_ONCE(r->posted, 1); // expect-warning[pair-missing-release] {{'req.posted' is stored after 'req.len' with nothing ordering the two stores}} expect-note[pair-missing-release] {{then stores 'req.posted' here}}
}

int req_peek(struct req *r)
{
	if (!smp_load_acquire(&r->posted)) // expect-note[pair-missing-release] {{req_peek() reads 'req.posted' here}}
		return -1;
	return READ_ONCE(r->len); // expect-note[pair-missing-release] {{then reads 'req.len' here}}
}
