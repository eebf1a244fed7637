// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release: RTNL is a lock a function takes (rtnl_lock()) or
 * a macro asserts (ASSERT_RTNL()), with no argument to name it by. A
 * writer under rtnl_lock() and a reader that asserts RTNL never overlap:
 * the unlock and the next lock order the writer's stores for the reader
 * (net/wireless/core.c: cfg80211_register_wdev() and the netdev notifier).
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

struct wdev {
	int registered;
	int ifindex;
};

void wdev_register(struct wdev *w, int ifindex)
{
	rtnl_lock();
	WRITE_ONCE(w->ifindex, ifindex);
	WRITE_ONCE(w->registered, 1);
	rtnl_unlock();
}

int wdev_notify(struct wdev *w)
{
	ASSERT_RTNL();
	if (smp_load_acquire(&w->registered))
		return READ_ONCE(w->ifindex);
	return -1;
}
