// SPDX-License-Identifier: GPL-2.0
/*
 * Good: where both sides hold one lock at the accesses that make the
 * shape, their critical sections run one after the other and nothing is
 * to be ordered: one mutex on both sides, a spinlock reached through two
 * pointers of one type, an rwsem's writer against its reader, a reader
 * every caller of which holds the writer's lock. And a writer under a
 * lock that orders its stores for the lockless reader.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct obj {
	spinlock_t lock;
	int data, flag;
};

struct mutex m_same, m_rel;
struct rw_semaphore sem;
int d_same, f_same, d_sem, f_sem, d_rel, f_rel;

void same_writer(void)
{
	mutex_lock(&m_same);
	WRITE_ONCE(d_same, 1);
	WRITE_ONCE(f_same, 1);
	mutex_unlock(&m_same);
}

int same_reader(void)
{
	int v = 0;

	mutex_lock(&m_same);
	if (smp_load_acquire(&f_same))
		v = READ_ONCE(d_same);
	mutex_unlock(&m_same);
	return v;
}

void obj_writer(struct obj *o)
{
	spin_lock(&o->lock);
	WRITE_ONCE(o->data, 1);
	WRITE_ONCE(o->flag, 1);
	spin_unlock(&o->lock);
}

int obj_reader(struct obj *p)
{
	int v = 0;

	spin_lock(&p->lock);
	if (smp_load_acquire(&p->flag))
		v = READ_ONCE(p->data);
	spin_unlock(&p->lock);
	return v;
}

void sem_writer(void)
{
	down_write(&sem);
	WRITE_ONCE(d_sem, 1);
	WRITE_ONCE(f_sem, 1);
	up_write(&sem);
}

int sem_reader(void)
{
	int v = 0;

	down_read(&sem);
	if (smp_load_acquire(&f_sem))
		v = READ_ONCE(d_sem);
	up_read(&sem);
	return v;
}

void rel_writer(void)
{
	mutex_lock(&m_rel);
	WRITE_ONCE(d_rel, 1);
	smp_store_release(&f_rel, 1);
	mutex_unlock(&m_rel);
}

int rel_reader(void)
{
	if (smp_load_acquire(&f_rel))
		return READ_ONCE(d_rel);
	return 0;
}

/* the reader's every caller holds the writer's lock */
struct mutex m_caller;
int d_caller, f_caller;

void caller_writer(void)
{
	mutex_lock(&m_caller);
	WRITE_ONCE(d_caller, 1);
	WRITE_ONCE(f_caller, 1);
	mutex_unlock(&m_caller);
}

static int caller_reader_locked(void)
{
	if (smp_load_acquire(&f_caller))
		return READ_ONCE(d_caller);
	return 0;
}

int caller_reader(void)
{
	int v;

	mutex_lock(&m_caller);
	v = caller_reader_locked();
	mutex_unlock(&m_caller);
	return v;
}

/*
 * One side holds the lock at both accesses, the other at one: the
 * reader's section comes wholly before the writer's or wholly after it,
 * and an unlock releases what came before it (fs/inode.c: i_state under
 * i_lock, then the i_count decrement; the LRU walk reads both under it)
 */
struct mutex m_half;
int d_half, f_half, d_half2, f_half2;

void half_writer(void)
{
	mutex_lock(&m_half);
	WRITE_ONCE(d_half, 1);
	mutex_unlock(&m_half);
	smp_mb();
	WRITE_ONCE(f_half, 1);
}

int half_reader(void)
{
	int v = 0;

	mutex_lock(&m_half);
	if (READ_ONCE(f_half))
		v = READ_ONCE(d_half);
	mutex_unlock(&m_half);
	return v;
}

void whole_writer(void)
{
	mutex_lock(&m_half);
	WRITE_ONCE(d_half2, 1);
	WRITE_ONCE(f_half2, 1);
	mutex_unlock(&m_half);
}

int whole_reader(void)
{
	int f;

	mutex_lock(&m_half);
	f = READ_ONCE(f_half2);
	mutex_unlock(&m_half);
	smp_rmb();
	return f ? READ_ONCE(d_half2) : 0;
}

/* an unlock and then a lock, of any lock, order the stores around them */
spinlock_t l_ul, l_lk;
int d_ul, f_ul;

void unlock_lock_writer(void)
{
	spin_lock(&l_ul);
	WRITE_ONCE(d_ul, 1);
	spin_unlock(&l_ul);
	spin_lock(&l_lk);
	WRITE_ONCE(f_ul, 1);
	spin_unlock(&l_lk);
}

int unlock_lock_reader(void)
{
	if (smp_load_acquire(&f_ul))
		return READ_ONCE(d_ul);
	return 0;
}
