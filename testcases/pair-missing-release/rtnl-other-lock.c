// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release: rtnl-good.c with the reader under a mutex of its
 * own. RTNL orders the writer's stores only for the next holder of RTNL;
 * this reader holds another lock, and can see the flag without the data.
 */
#include <ordercheck/linux.h>

struct wdev {
	int registered;
	int ifindex;
};

struct mutex wdev_mutex;

void wdev_register(struct wdev *w, int ifindex)
{
	rtnl_lock();
	WRITE_ONCE(w->ifindex, ifindex); // expect-note {{wdev_register() stores 'wdev.ifindex' here}}
	WRITE_ONCE(w->registered, 1); // expect-warning[pair-missing-release] {{'wdev.registered' is stored after 'wdev.ifindex' with nothing ordering the two stores, but wdev_notify() reads them in the other order with an acquire (smp_load_acquire())}} expect-note {{then stores 'wdev.registered' here}}
	rtnl_unlock();
}

int wdev_notify(struct wdev *w)
{
	int v = -1;

	mutex_lock(&wdev_mutex);
	if (smp_load_acquire(&w->registered)) // expect-note {{wdev_notify() reads 'wdev.registered' here}}
		v = READ_ONCE(w->ifindex); // expect-note {{then reads 'wdev.ifindex' here}}
	mutex_unlock(&wdev_mutex);
	return v;
}
