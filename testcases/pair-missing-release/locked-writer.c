// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release where the writer is serialised by a lock and the
 * reader takes none: the unlock after both stores orders them only for
 * the next holder of the lock, which the lockless reader never is. The
 * lock is in the function, asserted held for its caller, taken by an
 * inlined callee, a trylock's on its success path, or held by every
 * caller of the writer; or the two sides hold two different locks.
 */
#include <ordercheck/linux.h>

struct mutex m_fn, m_assert, m_callee, m_try, m_one, m_other;
int d_fn, f_fn, d_assert, f_assert, d_callee, f_callee, d_try, f_try;
int d_two, f_two;

void fn_writer(void)
{
	mutex_lock(&m_fn);
	WRITE_ONCE(d_fn, 1); // expect-note[pair-missing-release] {{fn_writer() stores 'd_fn' here}}
	WRITE_ONCE(f_fn, 1); // expect-warning[pair-missing-release] {{'f_fn' is stored after 'd_fn' with nothing ordering the two stores, but fn_reader() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'f_fn' here}}
	mutex_unlock(&m_fn);
}

int fn_reader(void)
{
	if (smp_load_acquire(&f_fn)) // expect-note[pair-missing-release] {{fn_reader() reads 'f_fn' here}}
		return READ_ONCE(d_fn); // expect-note[pair-missing-release] {{then reads 'd_fn' here}}
	return 0;
}

/* the caller holds m_assert */
void assert_writer(void)
{
	lockdep_assert_held(&m_assert);
	WRITE_ONCE(d_assert, 1); // expect-note[pair-missing-release] {{assert_writer() stores 'd_assert' here}}
	WRITE_ONCE(f_assert, 1); // expect-warning[pair-missing-release] {{'f_assert' is stored after 'd_assert' with nothing ordering the two stores, but assert_reader() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'f_assert' here}}
}

int assert_reader(void)
{
	if (smp_load_acquire(&f_assert)) // expect-note[pair-missing-release] {{assert_reader() reads 'f_assert' here}}
		return READ_ONCE(d_assert); // expect-note[pair-missing-release] {{then reads 'd_assert' here}}
	return 0;
}

static void callee_lock(void)
{
	mutex_lock(&m_callee);
}

static void callee_unlock(void)
{
	mutex_unlock(&m_callee);
}

void callee_writer(void)
{
	callee_lock();
	WRITE_ONCE(d_callee, 1); // expect-note[pair-missing-release] {{callee_writer() stores 'd_callee' here}}
	WRITE_ONCE(f_callee, 1); // expect-warning[pair-missing-release] {{'f_callee' is stored after 'd_callee' with nothing ordering the two stores, but callee_reader() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'f_callee' here}}
	callee_unlock();
}

int callee_reader(void)
{
	if (smp_load_acquire(&f_callee)) // expect-note[pair-missing-release] {{callee_reader() reads 'f_callee' here}}
		return READ_ONCE(d_callee); // expect-note[pair-missing-release] {{then reads 'd_callee' here}}
	return 0;
}

void try_writer(void)
{
	if (!mutex_trylock(&m_try))
		return;
	WRITE_ONCE(d_try, 1); // expect-note[pair-missing-release] {{try_writer() stores 'd_try' here}}
	WRITE_ONCE(f_try, 1); // expect-warning[pair-missing-release] {{'f_try' is stored after 'd_try' with nothing ordering the two stores, but try_reader() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'f_try' here}}
	mutex_unlock(&m_try);
}

int try_reader(void)
{
	if (smp_load_acquire(&f_try)) // expect-note[pair-missing-release] {{try_reader() reads 'f_try' here}}
		return READ_ONCE(d_try); // expect-note[pair-missing-release] {{then reads 'd_try' here}}
	return 0;
}

/* two locks exclude nothing */
void two_writer(void)
{
	mutex_lock(&m_one);
	WRITE_ONCE(d_two, 1); // expect-note[pair-missing-release] {{two_writer() stores 'd_two' here}}
	WRITE_ONCE(f_two, 1); // expect-warning[pair-missing-release] {{'f_two' is stored after 'd_two' with nothing ordering the two stores, but two_reader() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'f_two' here}}
	mutex_unlock(&m_one);
}

int two_reader(void)
{
	int v = 0;

	mutex_lock(&m_other);
	if (smp_load_acquire(&f_two)) // expect-note[pair-missing-release] {{two_reader() reads 'f_two' here}}
		v = READ_ONCE(d_two); // expect-note[pair-missing-release] {{then reads 'd_two' here}}
	mutex_unlock(&m_other);
	return v;
}

/* the writer's every caller holds a lock: the lockless reader takes none */
struct mutex m_callers;
int d_callers, f_callers;

static void callers_writer_locked(int v)
{
	WRITE_ONCE(d_callers, v); // expect-note[pair-missing-release] {{callers_writer_locked() stores 'd_callers' here}}
	WRITE_ONCE(f_callers, 1); // expect-warning[pair-missing-release] {{'f_callers' is stored after 'd_callers' with nothing ordering the two stores, but callers_reader() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'f_callers' here}}
}

void callers_writer(void)
{
	mutex_lock(&m_callers);
	callers_writer_locked(1);
	mutex_unlock(&m_callers);
}

int callers_reader(void)
{
	if (smp_load_acquire(&f_callers)) // expect-note[pair-missing-release] {{callers_reader() reads 'f_callers' here}}
		return READ_ONCE(d_callers); // expect-note[pair-missing-release] {{then reads 'd_callers' here}}
	return 0;
}

/*
 * An unlock between the two stores is a release: it orders the data
 * before itself, not before the flag stored after it
 */
spinlock_t l_between;
int d_between, f_between;

void between_writer(void)
{
	spin_lock(&l_between);
	WRITE_ONCE(d_between, 1); // expect-note[pair-missing-release] {{between_writer() stores 'd_between' here}}
	spin_unlock(&l_between);
	WRITE_ONCE(f_between, 1); // expect-warning[pair-missing-release] {{'f_between' is stored after 'd_between' with nothing ordering the two stores, but between_reader() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'f_between' here}}
}

int between_reader(void)
{
	if (smp_load_acquire(&f_between)) // expect-note[pair-missing-release] {{between_reader() reads 'f_between' here}}
		return READ_ONCE(d_between); // expect-note[pair-missing-release] {{then reads 'd_between' here}}
	return 0;
}
