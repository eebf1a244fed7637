// SPDX-License-Identifier: GPL-2.0
/*
 * Locksets as sorted '|'-joined strings: a few locks at most are held at
 * once, and most facts hold none, so a string the facts store can keep as
 * it is beats a structure that must be encoded.
 */
#include "locksets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXLOCKS 32

/* The primitives that hold a lock shared: a reader of a rwlock or rwsem. */
static const char *const shared_prims[] = {
	"read_lock",	    "read_trylock",
	"_raw_read_lock",   "down_read",
	"percpu_down_read", "lockdep_assert_held_read",
	"rte_rwlock_read",  "ck_rwlock_read",
	"read_unlock",	    "_raw_read_unlock",
	"up_read",	    "percpu_up_read",
	"cpus_read_",	    "lockdep_assert_cpus_held",
};

/*
 * The locks a primitive names by itself (linux.def): rtnl_lock() takes
 * rtnl_mutex, as mutex_lock(&rtnl_mutex) would name it.
 */
static const struct {
	const char *prim, *lock;
} implied_locks[] = {
	{ "rtnl_lock", "global:rtnl_mutex" },
	{ "rtnl_lock_killable", "global:rtnl_mutex" },
	{ "rtnl_trylock", "global:rtnl_mutex" },
	{ "rtnl_unlock", "global:rtnl_mutex" },
	{ "__rtnl_unlock", "global:rtnl_mutex" },
	{ "ASSERT_RTNL", "global:rtnl_mutex" },
	{ "cpus_read_lock", "global:cpu_hotplug_lock" },
	{ "cpus_read_unlock", "global:cpu_hotplug_lock" },
	{ "lockdep_assert_cpus_held", "global:cpu_hotplug_lock" },
};

static const char *implied_lock(const char *prim)
{
	size_t k;

	for (k = 0; prim && k < sizeof(implied_locks) / sizeof(*implied_locks);
	     k++)
		if (!strcmp(prim, implied_locks[k].prim))
			return implied_locks[k].lock;
	return NULL;
}

static bool held_shared(const char *prim)
{
	size_t k;

	for (k = 0; prim && k < sizeof(shared_prims) / sizeof(*shared_prims);
	     k++)
		if (!strncmp(prim, shared_prims[k], strlen(shared_prims[k])))
			return true;
	return false;
}

void lockset_name(const char *key, bool shared_key, const char *prim, char *buf,
		  size_t n)
{
	const char *named = implied_lock(prim);

	if (named) {
		key = named;
		shared_key = true;
	}
	if (!shared_key || !key || !key[0])
		snprintf(buf, n, "?");
	else
		snprintf(buf, n, "%s%s", held_shared(prim) ? "r:" : "", key);
}

/* Split @set into at most MAXLOCKS names, in @copy. */
static unsigned split(const char *set, char *copy, size_t n, const char **v)
{
	unsigned k = 0;
	char *s;

	snprintf(copy, n, "%s", set ? set : "");
	for (s = copy; *s && k < MAXLOCKS;) {
		v[k++] = s;
		s = strchr(s, '|');
		if (!s)
			break;
		*s++ = '\0';
	}
	return k;
}

static int cmp_name(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* Sorted, each name once, joined into @out. */
static void join(const char **v, unsigned k, char *out, size_t n)
{
	size_t len = 0;
	unsigned i;

	qsort(v, k, sizeof(*v), cmp_name);
	out[0] = '\0';
	for (i = 0; i < k; i++) {
		if (i && !strcmp(v[i], v[i - 1]))
			continue;
		len += (size_t)snprintf(out + len, len < n ? n - len : 0,
					"%s%s", len ? "|" : "", v[i]);
		if (len >= n) {
			out[n - 1] = '\0';
			return;
		}
	}
}

void lockset_add(const char *set, const char *name, char *out, size_t n)
{
	char copy[LOCKSET_MAX];
	const char *v[MAXLOCKS + 1];
	unsigned k = split(set, copy, sizeof(copy), v);

	v[k++] = name;
	join(v, k, out, n);
}

void lockset_remove(const char *set, const char *name, char *out, size_t n)
{
	char copy[LOCKSET_MAX];
	const char *v[MAXLOCKS];
	unsigned k = split(set, copy, sizeof(copy), v), i;

	for (i = 0; i < k; i++)
		if (!strcmp(v[i], name)) {
			v[i] = v[--k];
			break;
		}
	join(v, k, out, n);
}

void lockset_union(const char *a, const char *b, char *out, size_t n)
{
	char ca[LOCKSET_MAX], cb[LOCKSET_MAX];
	const char *v[2 * MAXLOCKS];
	unsigned k = split(a, ca, sizeof(ca), v);

	k += split(b, cb, sizeof(cb), v + k);
	join(v, k, out, n);
}

void lockset_intersect(const char *a, const char *b, char *out, size_t n)
{
	char ca[LOCKSET_MAX], cb[LOCKSET_MAX];
	const char *va[MAXLOCKS], *vb[MAXLOCKS], *v[MAXLOCKS];
	unsigned ka = split(a, ca, sizeof(ca), va);
	unsigned kb = split(b, cb, sizeof(cb), vb), i, j, k = 0;

	for (i = 0; i < ka; i++)
		for (j = 0; j < kb; j++)
			if (!strcmp(va[i], vb[j])) {
				v[k++] = va[i];
				break;
			}
	join(v, k, out, n);
}

/* The name without its "r:": the lock itself. */
static const char *lock_of(const char *name)
{
	return strncmp(name, "r:", 2) ? name : name + 2;
}

bool lockset_excludes(const char *a, const char *b, char *out, size_t n)
{
	char ca[LOCKSET_MAX], cb[LOCKSET_MAX];
	const char *va[MAXLOCKS], *vb[MAXLOCKS];
	unsigned ka = split(a, ca, sizeof(ca), va);
	unsigned kb = split(b, cb, sizeof(cb), vb), i, j;

	for (i = 0; i < ka; i++)
		for (j = 0; j < kb; j++) {
			bool unnamed =
				!strcmp(va[i], "?") || !strcmp(vb[j], "?");

			if (!unnamed &&
			    (strcmp(lock_of(va[i]), lock_of(vb[j])) ||
			     (va[i] != lock_of(va[i]) &&
			      vb[j] != lock_of(vb[j]))))
				continue;
			snprintf(out, n, "%s", unnamed ? "?" : lock_of(va[i]));
			return true;
		}
	if (n)
		out[0] = '\0';
	return false;
}
