/* SPDX-License-Identifier: GPL-2.0 */
/*
 * redundant-barrier over the tree: the helpers (helpers.c) end or begin
 * with a fully ordered operation, or almost; their callers (callers.c)
 * put a barrier beside the call. One TU cannot see the other's helpers.
 */
#include <ordercheck/linux.h>

struct work {
	unsigned long flags;
	atomic_t seq, refs;
	int state, data, *slot;
};

bool work_claim(struct work *w);
int work_seq_next(struct work *w);
int *work_swap(struct work *w, int *p);
void work_publish(struct work *w);
bool work_claim_deep(struct work *w);
int work_get(struct work *w);
void work_put(struct work *w);

/* near misses: each stays quiet */
bool work_claim_if(struct work *w, bool try);
bool work_claim_checked(struct work *w);
int work_try_seq(struct work *w, int old);
int work_seq_relaxed(struct work *w);
int work_seq_then_store(struct work *w);
void work_publish_wmb(struct work *w);
void work_set_flag(struct work *w);
void work_wake(struct work *w);
void work_get_void(struct work *w);
void work_put_if(struct work *w, bool c);
void work_claim_all(struct work *w, int n);
void work_seq_start(unsigned long *sp);
void work_seq_out(struct work *w, int *out);
int work_seq_maybe_out(struct work *w, int *out);
