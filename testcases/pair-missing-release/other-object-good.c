// SPDX-License-Identifier: GPL-2.0
/*
 * The writer fills one object and caches a pointer to another: the
 * reader that loads the cached pointer and reads through it reads the
 * other object, not the one filled (Linux 6.1's ext4
 * __es_find_extent_range() fills the caller's on-stack result and caches
 * the tree node it found). Quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct extent {
	unsigned int lblk;
	unsigned int len;
};

struct tree {
	struct extent *cache;
};

struct extent *tree_search(struct tree *t, unsigned int lblk);

void tree_find(struct tree *t, unsigned int lblk, struct extent *res)
{
	struct extent *e = tree_search(t, lblk);

	res->lblk = 0;
	if (e) {
		WRITE_ONCE(t->cache, e);
		res->lblk = e->lblk;
		res->len = e->len;
	}
}

unsigned int tree_lookup(struct tree *t, unsigned int lblk)
{
	struct extent *e = READ_ONCE(t->cache);

	if (e && e->lblk == lblk)
		return e->len;
	return 0;
}
