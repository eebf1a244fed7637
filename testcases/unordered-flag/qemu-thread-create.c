// SPDX-License-Identifier: GPL-2.0
/*
 * unordered-flag, QEMU: what a thread's creator stores before
 * qemu_thread_create() (pthread_create(), which synchronizes memory) is
 * visible to the new thread, so a start flag raised after the threads
 * are created orders nothing that came before them (tests/unit/
 * rcutorture.c's stresstest()). State set after the threads are
 * running is another matter.
 */
#include <ordercheck/qemu.h>

struct stress {
	int age;
	int mbtest;
};

static struct stress stress_array[4];
static struct stress *stress_current;
static volatile int goflag;
static QemuThread threads[8];
static int n_threads;

static void *reader(void *arg)
{
	struct stress *p;

	while (goflag == 0) // expect-note {{reader() spins on 'goflag' here}}
		;
	p = qatomic_rcu_read(&stress_current);
	(void)arg;
	return (void *)(long)qatomic_read(&p->age); // expect-note {{then reads 'stress.age' here}}
}

static void create_thread(void *(*func)(void *))
{
	qemu_thread_create(&threads[n_threads], "test", func, NULL,
			   QEMU_THREAD_JOINABLE);
	n_threads++;
}

void good_stresstest(int nreaders)
{
	int i;

	stress_current = &stress_array[0];
	stress_current->age = 0;
	stress_current->mbtest = 1;
	for (i = 0; i < nreaders; i++)
		create_thread(reader);
	goflag = 1;
}

/* the threads are running when the state is set */
void bad_late_state(int nreaders)
{
	int i;

	for (i = 0; i < nreaders; i++)
		create_thread(reader);
	stress_array[1].age = 0; // expect-note {{bad_late_state() stores 'stress.age' here}}
	goflag = 1; // expect-warning[unordered-flag] {{'goflag' is stored after 'stress.age'}}
}
