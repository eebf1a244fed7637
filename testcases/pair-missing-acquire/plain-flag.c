// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire with a plain flag: the writer publishes with a
 * release, the reader tests the flag with a plain load and reads the
 * data with nothing ordering the two. The plain read is reported in a
 * note: it races with the release. A remark, not a warning: where the
 * side found wanting reads the flag plain, a lock a caller holds may be
 * what orders it (Linux 6.1's plain d_flags and b_state readers).
 */
#include <ordercheck/linux.h>

struct req {
	int result;
	int done;
};

void req_complete(struct req *r, int v)
{
	r->result = v;
	smp_store_release(&r->done, 1);
}

int req_poll(struct req *r)
{
	if (r->done)
		return r->result; // expect-remark[pair-missing-acquire] {{'req.result' is read after 'req.done' with nothing ordering the two reads, but req_complete() orders its stores to them with a release (smp_store_release())}}
	return -1;
}

/* the same over globals, the writer with smp_wmb() */
int cfg_value, cfg_ready;

void cfg_publish(int v)
{
	cfg_value = v;
	smp_wmb();
	WRITE_ONCE(cfg_ready, 1);
}

int cfg_get(void)
{
	if (!cfg_ready)
		return -1;
	return cfg_value; // expect-remark[pair-missing-acquire] {{'cfg_value' is read after 'cfg_ready' with nothing ordering the two reads, but cfg_publish() orders its stores to them with smp_wmb()}}
}
