// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-plain-load-unlocked in Concurrency Kit: the pointer a writer
 * publishes with ck_pr_fence_store() and ck_pr_store_ptr() is read with a
 * plain load and dereferenced. CK's reader is ck_pr_load_ptr(), whose
 * address dependency CK relies on (man ck_pr_fence_load_depends: a
 * compiler barrier except on Alpha); a plain load may be torn, fused or
 * reloaded by the compiler.
 */
#include <ck_pr.h>
#include <stddef.h>

struct conf {
	int timeout;
	int retries;
};

/* bad: a plain load of the published pointer */
struct conf *active;

void conf_publish(struct conf *c)
{
	c->timeout = 10;
	c->retries = 3;
	ck_pr_fence_store();
	ck_pr_store_ptr(&active, c); // expect-note[addr-dep-plain-load-unlocked] {{published here}}
}

int conf_timeout(void)
{
	struct conf *c = active; // expect-warning[addr-dep-plain-load-unlocked] {{'active' is published with ck_pr_store_ptr() in conf_publish() but read here with a plain load, then dereferenced, and no access of it in the checked tree holds a lock: a lockless reader; the compiler may tear, fuse or reload the load, and nothing orders the dereference after it; use ck_pr_load_*()}}

	return c ? c->timeout : -1; // expect-note[addr-dep-plain-load-unlocked] {{dereferenced here}}
}

/* good: ck_pr_load_ptr() */
struct conf *standby;

void standby_publish(struct conf *c)
{
	c->timeout = 20;
	c->retries = 1;
	ck_pr_fence_store();
	ck_pr_store_ptr(&standby, c);
}

int standby_retries(void)
{
	struct conf *c = ck_pr_load_ptr(&standby);

	return c ? c->retries : -1;
}
