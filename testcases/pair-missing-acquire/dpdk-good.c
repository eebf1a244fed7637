// SPDX-License-Identifier: GPL-2.0
/*
 * DPDK, good: DPDK's own idioms (rte_smp_wmb()/rte_smp_rmb() message
 * passing, rte_wait_until_equal_32() with __ATOMIC_ACQUIRE, the legacy
 * fully ordered rte_atomic32_ RMWs, acquire/release pointers, an
 * rte_seqlock reader and writer, an rte_ring producer and consumer, a QSBR
 * reader, an rte_spinlock section): every rule stays quiet.
 */
#include <rte_atomic.h>
#include <rte_pause.h>
#include <rte_rcu_qsbr.h>
#include <rte_ring.h>
#include <rte_seqlock.h>
#include <rte_spinlock.h>
// expect-no-diagnostics

struct item { int key; int val; };
struct box { struct item *cur; uint32_t data; uint32_t ready; rte_atomic32_t refs; };

void mp_send(volatile struct box *b, uint32_t v)
{
	b->data = v;
	rte_smp_wmb();
	b->ready = 1;
}
uint32_t mp_recv(volatile struct box *b)
{
	if (!b->ready) return 0;
	rte_smp_rmb();
	return b->data;
}
/* rte_wait_until_equal_32() with acquire: the wait orders the read */
void flag_send(struct box *b, uint32_t v)
{
	b->data = v;
	__atomic_store_n(&b->ready, 1, __ATOMIC_RELEASE);
}
uint32_t flag_wait(struct box *b)
{
	rte_wait_until_equal_32(&b->ready, 1, __ATOMIC_ACQUIRE);
	return b->data;
}
/* a legacy atomic is fully ordered: no barrier needed beside it */
int put_ref(struct box *b)
{
	return rte_atomic32_dec_and_test(&b->refs);
}
void get_ref(struct box *b)
{
	rte_atomic32_inc(&b->refs);
}
/* acquire/release pointer publication */
void publish(struct box *b, struct item *it)
{
	it->val = 1;
	__atomic_store_n(&b->cur, it, __ATOMIC_RELEASE);
}
int read_it(struct box *b)
{
	struct item *it = __atomic_load_n(&b->cur, __ATOMIC_ACQUIRE);
	return it ? it->val : -1;
}
/* seqlock */
static rte_seqlock_t sl = RTE_SEQLOCK_INITIALIZER;
struct pair { uint64_t x, y; } shared;
void pair_set(uint64_t x, uint64_t y)
{
	rte_seqlock_write_lock(&sl);
	shared.x = x;
	shared.y = y;
	rte_seqlock_write_unlock(&sl);
}
struct pair pair_get(void)
{
	struct pair p;
	uint32_t sn;
	do {
		sn = rte_seqlock_read_begin(&sl);
		p = shared;
	} while (rte_seqlock_read_retry(&sl, sn));
	return p;
}
/* a ring: the objects are filled before they are enqueued */
struct rte_ring *r;
int produce(struct item *it, int v)
{
	it->key = v;
	it->val = v;
	return rte_ring_enqueue(r, it);
}
int consume(void)
{
	void *obj;
	struct item *it;
	if (rte_ring_dequeue(r, &obj) < 0)
		return -1;
	it = obj;
	return it->key + it->val;
}
/* a QSBR reader between online and quiescent */
struct rte_rcu_qsbr *qv;
struct item *table;
int reader(unsigned int id)
{
	struct item *it;
	int v = -1;
	rte_rcu_qsbr_thread_online(qv, id);
	it = __atomic_load_n(&table, __ATOMIC_ACQUIRE);
	if (it)
		v = it->val;
	rte_rcu_qsbr_quiescent(qv, id);
	return v;
}
/* a spinlock */
static rte_spinlock_t lk = RTE_SPINLOCK_INITIALIZER;
static int total, count;
void add(int v)
{
	rte_spinlock_lock(&lk);
	total += v;
	count++;
	rte_spinlock_unlock(&lk);
}
