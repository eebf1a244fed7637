// SPDX-License-Identifier: GPL-2.0
/* refcount_t, kref and the atomic_t reference idioms as events. */
#include <ordercheck/linux.h>

struct obj {
	refcount_t ref;
	struct kref kref;
	atomic_t users;
};

void release(struct kref *k);

int refs(struct obj *o)
{
	int live;

	refcount_set(&o->ref, 1);
	refcount_inc(&o->ref);
	live = refcount_inc_not_zero(&o->ref);
	if (refcount_dec_and_test(&o->ref))
		live = 0;
	kref_init(&o->kref);
	kref_get(&o->kref);
	live += kref_get_unless_zero(&o->kref);
	live += kref_put(&o->kref, release);
	live += atomic_inc_not_zero(&o->users);
	return live;
}
