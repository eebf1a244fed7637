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
	r->result = v; // expect-note[pair-missing-acquire] {{req_complete() stores 'req.result' here}}
	smp_store_release(&r->done, 1); // expect-note[pair-missing-acquire] {{then stores 'req.done' here}}
}

int req_poll(struct req *r)
{
	if (r->done) // expect-note[pair-missing-acquire] {{req_poll() reads 'req.done' here}} expect-note[pair-missing-acquire] {{'req.done' is read with a plain access here, but req_complete() writes it as a marked flag}}
		return r->result; // expect-remark[pair-missing-acquire] {{'req.result' is read after 'req.done' with nothing ordering the two reads, but req_complete() orders its stores to them with a release (smp_store_release())}} expect-note[pair-missing-acquire] {{then reads 'req.result' here}}
	return -1;
}

/* the same over globals, the writer with smp_wmb() */
int cfg_value, cfg_ready;

void cfg_publish(int v)
{
	cfg_value = v; // expect-note[pair-missing-acquire] {{cfg_publish() stores 'cfg_value' here}}
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	WRITE_ONCE(cfg_ready, 1); // expect-note[pair-missing-acquire] {{then stores 'cfg_ready' here}}
}

int cfg_get(void)
{
	if (!cfg_ready) // expect-note[pair-missing-acquire] {{cfg_get() reads 'cfg_ready' here}} expect-note[pair-missing-acquire] {{'cfg_ready' is read with a plain access here, but cfg_publish() writes it as a marked flag}}
		return -1;
	return cfg_value; // expect-remark[pair-missing-acquire] {{'cfg_value' is read after 'cfg_ready' with nothing ordering the two reads, but cfg_publish() orders its stores to them with smp_wmb()}} expect-note[pair-missing-acquire] {{then reads 'cfg_value' here}}
}
