// SPDX-License-Identifier: GPL-2.0
/*
 * The pairing engine. Each function gives its ordered pairs of accesses to
 * two different locations (first, then, and how the function orders them,
 * order.c); the engine sorts them by location keys and joins each pair
 * with the pairs of other functions that make a two-sided shape with it:
 *
 *	MP	W a; W b      ||  R b; R a
 *	S	W a; W b      ||  R b; W a
 *	SB	W a; R b      ||  W b; R a
 *	LB	R a; W b      ||  R b; W a
 *	SAME_WAY W a; W b     ||  R a; R b   (see pairing.h)
 *
 * Then, for each write or read barrier, it looks for what pairs with it.
 * A shape is looked at where the flag (b) is marked on both sides, or,
 * for MP and S, plain on one side where the other side marks it and
 * orders its accesses: the marked side shows the protocol, and the plain
 * side (holding no lock there, reading the flag in a condition) is its
 * partner written carelessly. Plain on both sides, a fence on one shows
 * the protocol as well; with no fence on either it is a data race other
 * rules report. Where a side's ordering cannot be told (a lock between,
 * or a call that may order or touch its accesses, summary.c), it is no
 * candidate. A side's access may be a callee's (inline.c): the window
 * counts the caller's facts.
 * What a candidate means is the tree rules' to say (../rules/pairs.c).
 */
#include "pairing.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../events/keys.h"
#include "../vocab/vocab.h"
#include "inline.h"
#include "locksets.h"
#include "named.h"
#include "objects.h"
#include "summary.h"

/*
 * How far apart (in facts) two accesses of one pair may be: the two sides
 * of message passing sit close together (data; smp_wmb(); flag), and far
 * apart a fence is mostly there for something else.
 */
enum { WINDOW = 24 };

static const unsigned role_need[] = {
	[ROLE_WW] = VO_WW, [ROLE_RR] = VO_RR,	   [ROLE_RW] = VO_RW,
	[ROLE_WR] = VO_WR, [ROLE_WW_LEAD] = VO_WW,
};

/*
 * Struct types whose fields every subsystem touches for its own objects:
 * a key of theirs names no one object, and joining on it pairs strangers.
 * Not task_struct: its fields are each one protocol's (on_cpu, __state,
 * exit_state), and the lists and nodes in it are excluded by their types.
 */
static const char *const generic_types[] = {
	"list_head",	    "hlist_head",      "hlist_node", "hlist_nulls_node",
	"rb_node",	    "rb_root",	       "llist_node", "llist_head",
	"callback_head",    "refcount_struct", "kref",	     "wait_queue_head",
	"wait_queue_entry",
};

/*
 * Types every protocol or filesystem embeds and uses for its own ends:
 * two functions pair on their fields only within one directory (a TCP
 * function does not pair with a netlink one on struct sock).
 */
static const char *const hub_types[] = {
	"sock",	       "sock_common",	"sk_buff",    "inode",
	"file",	       "dentry",	"page",	      "folio",
	"super_block", "address_space", "net_device", "bio",
};

static bool same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;

	return la == lb && !strncmp(a, b, la);
}

static bool in_table(const char *s, size_t n, const char *const *t, size_t nt);
static bool not_a_flag(const struct fact *f);
static bool counting(const struct fact *f);
static bool message(const struct fact_fn *f, unsigned i, unsigned j);

/* A key parsed once, not once per generic type (keys_of_struct()). */
static bool joinable(const char *key)
{
	struct key k;

	if (keys_parse(key, &k) && !k.ops.len && k.kind == KEY_FIELD &&
	    !k.in_union && k.name.s &&
	    in_table(k.record.s, k.record.len, generic_types,
		     sizeof(generic_types) / sizeof(generic_types[0])))
		return false;
	return events_shared_key(key);
}

static const struct shape_row shape_rows[] = {
#define SHAPE(id, name, verdicts, litmus, threads, symmetric, bare, mb,  \
	      message, acquire_fix)                                      \
	[SHAPE_##id] = { name, verdicts, litmus,  threads,    symmetric, \
			 bare, mb,	 message, acquire_fix },
#include "shapes.def"
#undef SHAPE
};

const struct shape_row *pairing_shape(enum shape s)
{
	return &shape_rows[s];
}

bool pairing_joinable(const char *key)
{
	return joinable(key);
}

/*
 * What the pass asks of a key, worked out once per key (keys are interned
 * in the set, so their address names them): parsing a key for each pair
 * in a window was most of the pass's time on Linux.
 */
struct key_facts {
	const char *key;
	bool joinable, hub, variable;
	const char *rec; /* the struct of a direct field, else NULL */
	size_t reclen;
	unsigned rank; /* the key's place among the set's keys, by strcmp() */
};

struct key_memo {
	struct key_facts *v;
	size_t cap, n;
};

static bool in_table(const char *s, size_t n, const char *const *t, size_t nt)
{
	size_t i;

	for (i = 0; i < nt; i++)
		if (strlen(t[i]) == n && !memcmp(t[i], s, n))
			return true;
	return false;
}

static void key_facts_fill(struct key_facts *e, const char *key)
{
	struct key k;
	bool ok = keys_parse(key, &k);
	bool direct = ok && !k.ops.len && k.kind == KEY_FIELD && !k.in_union &&
		      k.name.s;

	e->key = key;
	e->rec = direct ? k.record.s : NULL;
	e->reclen = direct ? k.record.len : 0;
	e->hub = direct && in_table(k.record.s, k.record.len, hub_types,
				    sizeof(hub_types) / sizeof(hub_types[0]));
	e->joinable =
		!(direct &&
		  in_table(k.record.s, k.record.len, generic_types,
			   sizeof(generic_types) / sizeof(generic_types[0]))) &&
		events_shared_key(key);
	e->variable = ok && (k.kind == KEY_GLOBAL || k.kind == KEY_STATIC);
}

static size_t memo_slot(const struct key_memo *m, const char *key)
{
	size_t h = ((size_t)(uintptr_t)key >> 3) * 0x9e3779b97f4a7c15ull;

	for (h &= m->cap - 1; m->v[h].key && m->v[h].key != key;
	     h = (h + 1) & (m->cap - 1))
		;
	return h;
}

static const struct key_facts *kf(struct key_memo *m, const char *key)
{
	size_t h, i, old;
	struct key_facts *ov;

	if (2 * (m->n + 1) > m->cap) {
		ov = m->v;
		old = m->cap;
		m->cap = m->cap ? 2 * m->cap : 4096;
		m->v = xcalloc(m->cap, sizeof(*m->v));
		for (i = 0; i < old; i++)
			if (ov[i].key)
				m->v[memo_slot(m, ov[i].key)] = ov[i];
		free(ov);
	}
	h = memo_slot(m, key);
	if (!m->v[h].key) {
		key_facts_fill(&m->v[h], key);
		m->n++;
	}
	return &m->v[h];
}

/* Every access of the tree, by key: where the partner of a fence may be. */
struct occurrence {
	const char *key;
	unsigned fn, i;
};

struct pass {
	const struct fact_set *set;
	struct summaries *sums;
	struct pair_side *v; /* every function's sides, sorted by keys */
	size_t n, cap;
	size_t nsorted; /* v[0 .. nsorted) is sorted: what find_group() sees */
	struct occurrence *occ;
	size_t nocc, capocc;
	void (*fn)(const struct pair_candidate *c, void *arg);
	/* told each candidate dropped and why (--explain), or NULL */
	pairing_why_fn why;
	void *arg;
	struct key_memo *memo;
	double deadline; /* CLOCK_MONOTONIC seconds, or 0: none */
	bool expired;
	bool *capped; /* by a group's first index: its cap was reported */
};

/*
 * The partners a side is paired with, per group of one key pair: a struct
 * every function of a generated file shares would make the pass quadratic.
 * Linux 6.1's largest group has far fewer (see bench/bench-pairing.sh).
 */
#define PAIR_CAP 256

static double mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Out of time: checked every few hundred steps, clock reads are not free. */
static bool out_of_time(struct pass *p, size_t step)
{
	if (!p->expired && p->deadline && !(step & 255) &&
	    mono_now() > p->deadline)
		p->expired = true;
	return p->expired;
}

/*
 * Every key the sides can have (an access's) in the memo, ranked in
 * strcmp() order: the sides are sorted and looked up by rank, one integer
 * compare where strcmp() walked two long keys' common prefix.
 */
static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static void rank_keys(struct pass *p)
{
	const char **keys;
	size_t i, n = 0;
	unsigned fn;

	for (fn = 0; fn < p->set->nfns; fn++)
		for (i = 0; i < p->set->fns[fn].n; i++)
			if (fact_is_access(&p->set->fns[fn].v[i]))
				kf(p->memo, p->set->fns[fn].v[i].key);
	keys = xmalloc((p->memo->n ? p->memo->n : 1) * sizeof(*keys));
	for (i = 0; i < p->memo->cap; i++)
		if (p->memo->v[i].key)
			keys[n++] = p->memo->v[i].key;
	qsort(keys, n, sizeof(*keys), cmp_str);
	for (i = 0; i < n; i++)
		((struct key_facts *)kf(p->memo, keys[i]))->rank = (unsigned)i;
	free(keys);
}

static void add_side(struct pass *p, enum pair_role role, unsigned fn,
		     unsigned i, unsigned j)
{
	const struct fact_fn *f = &p->set->fns[fn];
	struct pair_side *e;

	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 4096;
		p->v = xrealloc(p->v, p->cap * sizeof(*p->v));
	}
	e = &p->v[p->n++];
	e->role = role;
	e->k1 = f->v[i].key;
	e->k2 = f->v[j].key;
	e->r1 = kf(p->memo, e->k1)->rank;
	e->r2 = kf(p->memo, e->k2)->rank;
	e->fn = fn;
	e->i = i;
	e->j = j;
	e->o = order_between(f, i, j, role_need[role], p->sums);
	/* paths of one function's own code name its own variables */
	e->objects = OBJ_UNKNOWN;
	e->own = false;
	if (facts_via(f, &f->v[i]) || facts_via(f, &f->v[j]))
		return;
	if (role == ROLE_WW)
		e->own = f->v[i].base && f->v[i].base == f->v[j].written;
	else if (role == ROLE_RW)
		e->own = f->v[j].base && f->v[j].base == f->v[i].written;
	if (keys_same_struct(e->k1, e->k2))
		e->objects = (unsigned char)objects_relation(f->v[i].base,
							     f->v[j].base);
}

static bool marked(const struct fact *f)
{
	return f->flags & FA_MARKED;
}

/* A fact's number and key, to find each key's first read by sorting. */
struct key_at {
	const char *key;
	unsigned i;
};

static int cmp_key_at(const void *x, const void *y)
{
	const struct key_at *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

/*
 * For each fact of @f, the first fact that reads its location (f->n if
 * none): a read of it after another fact @i with first[j] < i is a re-read
 * (a retry loop starting over), not data read after a flag. Sorting keeps
 * it n log n however long the function is.
 */
static unsigned *first_reads(const struct fact_fn *f)
{
	struct key_at *v = xmalloc((f->n ? f->n : 1) * sizeof(*v));
	unsigned *first = xmalloc((f->n ? f->n : 1) * sizeof(*first));
	unsigned i, k, start, r;

	for (i = 0; i < f->n; i++) {
		v[i].key = f->v[i].key;
		v[i].i = i;
	}
	qsort(v, f->n, sizeof(*v), cmp_key_at);
	for (start = 0; start < f->n; start = k) {
		r = f->n;
		for (k = start; k < f->n && v[k].key == v[start].key; k++)
			if (r == f->n && fact_reads(&f->v[v[k].i]))
				r = v[k].i;
		for (i = start; i < k; i++)
			first[v[i].i] = r;
	}
	free(v);
	return first;
}

/* The vocabulary roles of @f's primitive (vocab.h), 0 for none. */
static unsigned roles_of(const struct fact *f)
{
	const struct vocab_entry *p =
		f->name[0] ? vocab_lookup(f->name, VOCAB_NO_HEADER) : NULL;

	return p ? p->roles : 0;
}

/*
 * A read that says by its name it needs no order: rcu_access_pointer()
 * only looks at the pointer, rcu_dereference_protected() and friends hold
 * the update-side lock. Not the flag read of a lockless reader.
 */
static bool unordered_by_name(const struct fact *f)
{
	return roles_of(f) & (R_PTR_ONLY | R_UPDATE_SIDE);
}

/*
 * A callee's access makes a side only with an access of the same object:
 * two fields of one struct, or two variables. A helper that reads a
 * tunable or a statistic (rcu_jiffies_till_stall_check()) does so for
 * its own ends, not as the caller's data or flag.
 */
static bool callee_side_ok(const struct pass *p, const struct fact_fn *f,
			   const struct fact *a, const struct fact *b)
{
	const struct key_facts *ka, *kb;

	if (!facts_via(f, a) && !facts_via(f, b))
		return true;
	ka = kf(p->memo, a->key);
	kb = kf(p->memo, b->key);
	return (ka->rec && kb->rec && ka->reclen == kb->reclen &&
		!memcmp(ka->rec, kb->rec, ka->reclen)) ||
	       (ka->variable && kb->variable);
}

static size_t find_group(const struct pass *p, enum pair_role role,
			 const char *k1, const char *k2, size_t *lo);

/* A side of @role with keys (k1, k2) is among the sorted sides. */
static bool has_group(const struct pass *p, enum pair_role role, const char *k1,
		      const char *k2)
{
	size_t lo;

	return find_group(p, role, k1, k2, &lo) > lo;
}

/* Function @f writes @key somewhere. */
static bool writes_key(const struct fact_fn *f, const char *key)
{
	unsigned k;

	for (k = 0; k < f->n; k++)
		if (f->v[k].key == key && fact_writes(&f->v[k]))
			return true;
	return false;
}

/*
 * A plain flag access that may stand in a shape: no lock held at it (a
 * lock orders it with its other users). A store; or a load of a value,
 * not a pointer (a plain read of a published pointer is the address
 * dependency rules'), that a branch tests or that the data access
 * depends on (if (flag) use(data)), in a function that does not write the
 * flag itself (an updater reads what it updates under its own terms).
 */
static bool plain_flag_ok(const struct fact_fn *f, const struct fact *flag,
			  const struct fact *data, unsigned flag_at)
{
	if (marked(flag) || flag->locks)
		return false;
	/* x = 1, or x++ and x |= m: a generation or a state bit */
	if (fact_writes(flag))
		return true;
	return flag->op == FO_LOAD && !(flag->flags & FA_POINTER) &&
	       ((flag->flags & FA_IN_COND) || data->cdep == (int)flag_at ||
		data->adep == (int)flag_at) &&
	       !writes_key(f, flag->key);
}

/*
 * The fence message passing asks for on @need's side: smp_wmb() between
 * a writer's stores, smp_rmb() between a reader's loads. A full fence is
 * mostly there for something else (store buffering against a waker,
 * tcp_rcv_state_process()'s smp_mb() before the state change) and shows
 * no protocol of the two plain accesses around it.
 */
static bool mp_fence(const struct fact *x, unsigned need)
{
	return x->op == FO_FENCE &&
	       x->cls == (need == VO_WW ? OC_FENCE_W : OC_FENCE_R);
}

/*
 * A plain flag's side that orders its two accesses with a fence
 * (data; smp_wmb(); flag = 1 and if (flag) { smp_rmb(); data }): the
 * fence shows the protocol as a marked flag would, so the side is
 * collected with the marked ones, and a partner that keeps the flag plain
 * and orders nothing (the fence deleted) meets it. The flag as
 * plain_flag_ok() takes it; @data is the other access.
 */
static bool fenced_plain_side(const struct pass *p, const struct fact_fn *f,
			      unsigned i, unsigned j, unsigned need)
{
	const struct fact *flag = need == VO_WW ? &f->v[j] : &f->v[i];
	const struct fact *data = need == VO_WW ? &f->v[i] : &f->v[j];
	struct ordering o;
	unsigned k;

	if (!plain_flag_ok(f, flag, data, need == VO_WW ? j : i) ||
	    data->locks || not_a_flag(flag) || counting(flag) ||
	    (flag->flags & F_LOCAL_CPU))
		return false;
	for (k = i + 1; k < j && !mp_fence(&f->v[k], need); k++)
		;
	if (k == j)
		return false;
	o = order_between(f, i, j, need, p->sums);
	return o.ord == ORD_YES && o.by && mp_fence(o.by, need);
}

/*
 * A reader's side of two plain loads ordered by smp_rmb(), whose first
 * decides on the second: collect_fn() takes it with the marked sides,
 * collect_plain_flags() leaves it.
 */
static bool fenced_plain_reader(const struct pass *p, const struct fact_fn *f,
				unsigned i, unsigned j)
{
	return message(f, i, j) && fenced_plain_side(p, f, i, j, VO_RR);
}

/*
 * The pairs of function @fn whose flag is plain, added where a side with
 * the flag marked, of the shape's other role, was collected: the only
 * sides with a plain flag that can meet a partner (see candidate()).
 */
static void collect_plain_flags(struct pass *p, unsigned fn)
{
	const struct fact_fn *f = &p->set->fns[fn];
	bool *join = xmalloc((f->n ? f->n : 1) * sizeof(*join));
	unsigned i, j, *first = first_reads(f);

	/* a key's memo once per fact, not once per pair */
	for (i = 0; i < f->n; i++)
		join[i] = fact_is_access(&f->v[i]) &&
			  kf(p->memo, f->v[i].key)->joinable;
	for (i = 0; i < f->n; i++) {
		const struct fact *a = &f->v[i];

		if (!join[i])
			continue;
		for (j = i + 1;
		     j < f->n && facts_pos(f, j) <= facts_pos(f, i) + WINDOW;
		     j++) {
			const struct fact *b = &f->v[j];

			if (!join[j] || b->key == a->key ||
			    !facts_compatible(f, a, b) ||
			    (a->locks && b->locks) ||
			    !callee_side_ok(p, f, a, b) ||
			    (facts_via(f, a) && facts_via(f, b)))
				continue;
			/* the writer's flag is its second store */
			if (fact_writes(a) && fact_writes(b) &&
			    plain_flag_ok(f, b, a, j) &&
			    !fenced_plain_side(p, f, i, j, VO_WW) &&
			    (has_group(p, ROLE_RR, b->key, a->key) ||
			     has_group(p, ROLE_RW, b->key, a->key)))
				add_side(p, ROLE_WW, fn, i, j);
			/* the reader's flag is its first load */
			if (a->op != FO_LOAD || !plain_flag_ok(f, a, b, i) ||
			    !has_group(p, ROLE_WW, b->key, a->key))
				continue;
			if (b->op == FO_LOAD && first[j] >= i &&
			    !fenced_plain_reader(p, f, i, j))
				add_side(p, ROLE_RR, fn, i, j);
			if (b->op == FO_STORE && marked(b))
				add_side(p, ROLE_RW, fn, i, j);
		}
	}
	free(join);
	free(first);
}

/* A refcount or bit lock operation: no side's flag (vocab.h). */
static bool not_a_flag(const struct fact *f)
{
	return roles_of(f) & R_NOT_A_FLAG;
}

/*
 * waitqueue_active(): a waker's test for sleepers, whose order against
 * the condition's store wake-missing-barrier judges; the data of no
 * message (vmscan.c's wakeup_kswapd() tests it after a hint)
 */
static bool tests_sleepers(const struct fact *f)
{
	return roles_of(f) & R_TESTS_SLEEPERS;
}

/*
 * A seqcount write section's opening store: a reader that sees its odd
 * count spins or retries (read_seqcount_begin(), the retry after
 * raw_seqcount_begin()), so what was stored before it reaches the reader
 * with the section's end, whose fence orders it: no message's flag.
 */
static bool opens_seq_write(const struct fact *f)
{
	static const char *const begins[] = {
		"write_seqcount_begin",
		"raw_write_seqcount_begin",
		"write_seqcount_begin_nested",
	};
	unsigned k;

	for (k = 0; k < sizeof(begins) / sizeof(begins[0]); k++)
		if (!strcmp(f->name, begins[k]))
			return true;
	return false;
}

/* A void counter bump: atomic_inc(), local_add(), atomic64_dec()... */
static bool counting(const struct fact *f)
{
	static const char *const verbs[] = { "_inc", "_dec", "_add", "_sub" };
	unsigned k;

	if (f->op != FO_RMW || (f->flags & F_RET) || strstr(f->name, "bit"))
		return false;
	for (k = 0; k < sizeof(verbs) / sizeof(verbs[0]); k++)
		if (strstr(f->name, verbs[k]))
			return true;
	return false;
}

/*
 * An RMW as the store of a load-then-store side: one that orders (xchg(),
 * a C11 acq_rel or seq_cst exchange, a release), or a void one right after
 * smp_mb__before_atomic(). Not a
 * counter's or a bit's unordered update (atomic_inc(), set_bit()):
 * statistics and state bits, no side's store (Linux 6.1's ring buffer's
 * record_disabled).
 */
static bool rw_rmw_store(const struct fact_fn *f, unsigned j)
{
	const struct fact *b = &f->v[j];

	if (not_a_flag(b))
		return false;
	return b->cls == OC_RMW_FULL || b->cls == OC_RMW_SC ||
	       b->cls == OC_RMW_ACQREL || b->cls == OC_RMW_REL ||
	       (j > 0 && f->v[j - 1].op == FO_FENCE &&
		f->v[j - 1].cls == OC_MOD_BEFORE);
}

/*
 * A reader's two reads pass a message only where the value of the first
 * decides whether or how the second is used: the second is read under a
 * branch on it or through an address computed from it, or the first is
 * kept and decided on later, when the second is in hand (a local tested
 * after both reads, a return, an out parameter). A flag tested for
 * something else, or two reads of two fields side by side each used on
 * its own (a snapshot for a warning), are no reader of a message.
 */
static bool message(const struct fact_fn *f, unsigned i, unsigned j)
{
	const struct fact *a = &f->v[i], *b = &f->v[j];
	int k, steps;

	if (a->flags & FA_DECIDES)
		return true;
	for (k = b->guard, steps = 0; k >= (int)i && steps < 8;
	     k = f->v[k].guard, steps++) {
		if ((unsigned)k == i || f->v[k].key == a->key)
			return true;
		if (f->v[k].guard >= k)
			break;
	}
	for (k = b->adep, steps = 0; k >= 0 && (unsigned)k < j && steps < 16;
	     k = f->v[k].adep, steps++) {
		if ((unsigned)k == i || f->v[k].key == a->key)
			return true;
		if (f->v[k].adep >= k)
			break;
	}
	return false;
}

/* The pairs of one function that can be a side of a shape. */
static void collect_fn(struct pass *p, unsigned fn)
{
	const struct fact_fn *f = &p->set->fns[fn];
	bool *join = xmalloc((f->n ? f->n : 1) * sizeof(*join));
	unsigned i, j, *first;

	/* a key's parse, once per fact, not once per pair */
	/* a refcount's or bit lock's value is no one's data nor flag */
	for (i = 0; i < f->n; i++)
		join[i] = fact_is_access(&f->v[i]) &&
			  kf(p->memo, f->v[i].key)->joinable &&
			  !not_a_flag(&f->v[i]);
	first = first_reads(f);
	for (i = 0; i < f->n; i++) {
		const struct fact *a = &f->v[i];

		if (!join[i])
			continue;
		/* the window counts the function's own facts: a callee's
		 * inlined facts stand at its call */
		for (j = i + 1;
		     j < f->n && facts_pos(f, j) <= facts_pos(f, i) + WINDOW;
		     j++) {
			const struct fact *b = &f->v[j];

			if (!join[j] || b->key == a->key ||
			    !facts_compatible(f, a, b))
				continue;
			/*
			 * A side is the function's own: at most one of its two
			 * accesses is a callee's (Linux 6.1's helpers that
			 * each touch one field of a locked structure, such as
			 * rcu_segcblist's, paired by dozens otherwise). Taking
			 * a callee's access of another struct where the tree
			 * orders the two keys elsewhere (blk-iocost's
			 * commit_weights()) was tried: on Linux 6.1 it made 68
			 * tree findings 285. A side under a lock is a side:
			 * which locks the partner holds decides (candidate()).
			 */
			if ((facts_via(f, a) && facts_via(f, b)) ||
			    !callee_side_ok(p, f, a, b))
				continue;
			/* two counter bumps that return nothing pass no
			 * message: counts, or ring_buffer's RB_WARN_ON()
			 * disable counts on an error path */
			if (fact_writes(a) && fact_writes(b) && marked(b) &&
			    !not_a_flag(b) && !opens_seq_write(b) &&
			    !(counting(a) && counting(b)))
				add_side(p, ROLE_WW, fn, i, j);
			if (fact_writes(a) && fact_writes(b) && marked(a) &&
			    !marked(b) && !not_a_flag(a))
				add_side(p, ROLE_WW_LEAD, fn, i, j);
			/* a release RMW of the flag releases: __up_read() */
			if (fact_reads(a) && marked(a) && b->op == FO_LOAD &&
			    first[j] >= i && !unordered_by_name(a) &&
			    !not_a_flag(a) && a->cls != OC_RMW_REL &&
			    !tests_sleepers(b) && message(f, i, j))
				add_side(p, ROLE_RR, fn, i, j);
			/* the store may be an RMW's (xchg(), a void
			 * atomic_add() after smp_mb__before_atomic()) */
			if (fact_reads(a) && marked(a) && fact_writes(b) &&
			    marked(b) && !unordered_by_name(a) &&
			    !not_a_flag(a) &&
			    (b->op == FO_STORE || rw_rmw_store(f, j)))
				add_side(p, ROLE_RW, fn, i, j);
			/* a plain flag with a fence on its side */
			if (fact_writes(a) && fact_writes(b) && !marked(b) &&
			    fenced_plain_side(p, f, i, j, VO_WW))
				add_side(p, ROLE_WW, fn, i, j);
			if (a->op == FO_LOAD && !marked(a) &&
			    b->op == FO_LOAD && first[j] >= i &&
			    fenced_plain_reader(p, f, i, j))
				add_side(p, ROLE_RR, fn, i, j);
			/* an RMW reads the latest value: not an SB load; and
			 * store buffering is looked for in one function */
			if (fact_writes(a) && marked(a) && b->op == FO_LOAD &&
			    marked(b) && !facts_via(f, a) && !facts_via(f, b))
				add_side(p, ROLE_WR, fn, i, j);
		}
	}
	free(join);
	free(first);
}

static int cmp_side(const void *x, const void *y)
{
	const struct pair_side *a = x, *b = y;

	if (a->role != b->role)
		return (int)a->role - (int)b->role;
	if (a->r1 != b->r1)
		return a->r1 < b->r1 ? -1 : 1;
	if (a->r2 != b->r2)
		return a->r2 < b->r2 ? -1 : 1;
	if (a->fn != b->fn)
		return a->fn < b->fn ? -1 : 1;
	return a->i != b->i ? (a->i < b->i ? -1 : 1) :
			      (a->j < b->j ? -1 : a->j > b->j);
}

/* The sides of @role with keys (k1, k2): [*lo, return). */
static size_t find_group(const struct pass *p, enum pair_role role,
			 const char *k1, const char *k2, size_t *lo)
{
	size_t l = 0, h = p->nsorted, m;
	unsigned r1 = kf(p->memo, k1)->rank, r2 = kf(p->memo, k2)->rank;
	int c;

	while (l < h) {
		m = (l + h) / 2;
		c = (int)p->v[m].role - (int)role;
		if (!c)
			c = p->v[m].r1 != r1 ? (p->v[m].r1 < r1 ? -1 : 1) :
			    p->v[m].r2 != r2 ? (p->v[m].r2 < r2 ? -1 : 1) :
					       0;
		if (c < 0)
			l = m + 1;
		else
			h = m;
	}
	*lo = l;
	for (h = l; h < p->nsorted && p->v[h].role == role &&
		    p->v[h].k1 == k1 && p->v[h].k2 == k2;
	     h++)
		;
	return h;
}

/* Two sides may pair: on a hub type's fields only within a directory. */
static bool may_pair(const struct pass *p, const struct pair_side *x,
		     const struct pair_side *y)
{
	if (!kf(p->memo, x->k1)->hub && !kf(p->memo, x->k2)->hub)
		return true;
	return same_dir(p->set->fns[x->fn].file, p->set->fns[y->fn].file);
}

/*
 * A flag plain on one side makes a pair only where the other side marks
 * it and orders its two accesses: what shows the protocol is meant. Not
 * where the marked flag is a published pointer (rcu_assign_pointer(),
 * list_add_rcu(), rcu_dereference(), a pointer stored with a release):
 * a plain read of it is an RCU reader's, often behind an iterator macro,
 * and the address dependency rules' to judge.
 */
/*
 * Fact @at of @fn runs with a lock a callee took: the last lock or unlock
 * before it, inlined or a call's (its summary's exit), is a lock
 * (pipe_read()'s __pipe_lock()).
 */
static bool locked_by_call(const struct pass *p, const struct fact_fn *fn,
			   unsigned at)
{
	const struct fn_summary *s;
	unsigned k;

	for (k = at; k-- > 0;) {
		/* an inlined callee's lock or unlock stands at its call */
		if (fn->v[k].op == FO_UNLOCK)
			return false;
		if (fn->v[k].op == FO_LOCK)
			return true;
		if (fn->v[k].op != FO_CALL ||
		    !(s = summary_of_name(p->sums, fn->v[k].name)))
			continue;
		if (s->exit == SO_LOCK)
			return true;
		if (s->exit == SO_UNLOCK)
			return false;
	}
	return false;
}

/* Side @x orders its accesses with a fence. */
static bool by_fence(const struct pair_side *x)
{
	return x->o.ord == ORD_YES && x->o.by && x->o.by->op == FO_FENCE;
}

/*
 * A flag plain on both sides pairs where one side orders its accesses
 * with a fence (collect_fn()): that side shows the protocol, the other
 * is its partner, careless where it orders nothing. Both fenced is a
 * candidate too, which the verdict table forbids. Neither fenced is a
 * data race other rules report. No side's flag is under a lock
 * (plain_flag_ok()), nor taken with a lock a callee holds.
 */
static bool plain_flags_pair(const struct pass *p, const struct pair_side *a,
			     const struct pair_side *b)
{
	const struct pair_side *fenced = by_fence(a) ? a : b;

	if (!by_fence(fenced))
		return false;
	return !locked_by_call(p, &p->set->fns[a->fn], a->j) &&
	       !locked_by_call(p, &p->set->fns[b->fn], b->i);
}

static bool flags_pair(const struct pass *p, const struct pair_side *a,
		       const struct pair_side *b)
{
	const struct fact *pa, *pb, *m;
	const struct pair_side *ms;

	if (a->role == ROLE_WR || b->role == ROLE_WR || a->role == b->role)
		return true; /* SB and LB sides are marked on both */
	pa = pairing_plain_flag(p->set, a);
	pb = pairing_plain_flag(p->set, b);
	if (!pa && !pb)
		return true;
	if (pa && pb)
		return plain_flags_pair(p, a, b);
	ms = pa ? b : a;
	m = pa ? pairing_first(p->set, b) : pairing_second(p->set, a);
	/*
	 * A marked flag accessed under a lock says the plain side holds it
	 * too, in a caller we cannot see (splice_to_pipe() under the pipe's
	 * mutex against pipe_read(), which a callee locks)
	 */
	if ((m->flags & FA_POINTER) || m->cls == OC_PUBLISH ||
	    m->cls == OC_DEP_LOAD || m->locks ||
	    locked_by_call(p, &p->set->fns[ms->fn], pa ? b->i : a->j))
		return false;
	return (pa ? b : a)->o.ord == ORD_YES;
}

/* The locks held at both of side @x's accesses, and at either. */
static void side_locks(const struct pass *p, const struct pair_side *x,
		       char *both, char *either, size_t n)
{
	const char *l1 = pairing_first(p->set, x)->lockset,
		   *l2 = pairing_second(p->set, x)->lockset;

	lockset_intersect(l1, l2, both, n);
	lockset_union(l1, l2, either, n);
}

/*
 * One side holds lock L at both of the accesses that make the shape and
 * the other holds L at one of its accesses at least: the critical
 * sections run one after the other, an unlock releasing everything before
 * it and a lock acquiring for everything after, and no interleaving shows
 * the shape (rwsem: readers do not exclude each other). Where one side
 * holds L and the other does not, the lock orders nothing for the reader
 * that never takes it: the candidate stands, judged by what each side
 * orders without the lock. A lock that has no name (a local pointer's)
 * may be any: it excludes.
 */
static bool common_lock(const struct pass *p, const struct pair_side *a,
			const struct pair_side *b, char *why, size_t n)
{
	char ba[LOCKSET_MAX], ea[LOCKSET_MAX], bb[LOCKSET_MAX], eb[LOCKSET_MAX];

	side_locks(p, a, ba, ea, sizeof(ba));
	side_locks(p, b, bb, eb, sizeof(bb));
	return lockset_excludes(ba, eb, why, n) ||
	       lockset_excludes(bb, ea, why, n);
}

/*
 * @x orders by an unlock and a lock of L between its accesses, each in a
 * critical section of L: where @y holds L at either of its accesses, the
 * sections exclude it (herd7's UNLOCK_LOCK is of a lock the other side
 * does not take).
 */
static bool sections_exclude(const struct pass *p, const struct pair_side *x,
			     const struct pair_side *y, char *why, size_t n)
{
	char ly[LOCKSET_MAX];

	if (!x->o.by || (x->o.by->op != FO_LOCK && x->o.by->op != FO_UNLOCK))
		return false;
	lockset_union(pairing_first(p->set, y)->lockset,
		      pairing_second(p->set, y)->lockset, ly, sizeof(ly));
	return lockset_excludes(x->o.by->lockset, ly, why, n);
}

/* @fn writes @key with a CPU-local operation (local_t, this_cpu_*()). */
static bool writes_cpu_local(const struct pass *p, unsigned fn, const char *key)
{
	const struct fact_fn *f = &p->set->fns[fn];
	unsigned i;

	for (i = 0; i < f->n; i++)
		if (f->v[i].key == key && (f->v[i].flags & F_LOCAL_CPU) &&
		    fact_writes(&f->v[i]))
			return true;
	return false;
}

/*
 * Both functions write a location of the two with CPU-local operations:
 * only its owner CPU may ("Only the CPU owner of these variables must
 * write to them", core-api/local_ops.rst; this_cpu_*() write this CPU's
 * copy), so the two run on one CPU, in order or nested by an interrupt,
 * not side by side (perf's __perf_output_begin() and
 * perf_output_put_handle() on rb->nest and rb->head).
 */
static bool one_cpu(const struct pass *p, const struct pair_side *a,
		    const struct pair_side *b)
{
	const char *k[2] = { a->k1, a->k2 };
	unsigned i;

	for (i = 0; i < 2; i++)
		if ((k[i] == b->k1 || k[i] == b->k2) &&
		    writes_cpu_local(p, a->fn, k[i]) &&
		    writes_cpu_local(p, b->fn, k[i]))
			return true;
	return false;
}

/*
 * Why a candidate is no candidate: each test with the reason --explain
 * prints, the first that holds drops it. @why gets a detail (the lock).
 */
struct drop_test {
	const char *reason;
	bool (*drops)(const struct pass *p, enum shape shape,
		      const struct pair_side *a, const struct pair_side *b,
		      char *why, size_t n);
};

/* Some access of side @a and some of side @b never run in one call. */
static bool two_modes(const struct fact_fn *f, const struct pair_side *a,
		      const struct pair_side *b)
{
	const unsigned x[2] = { a->i, a->j }, y[2] = { b->i, b->j };
	unsigned i, k;

	for (i = 0; i < 2; i++)
		for (k = 0; k < 2; k++)
			if (!facts_compatible(f, &f->v[x[i]], &f->v[y[k]]))
				return true;
	return false;
}

/*
 * Two sides of one function are one thread, unless the function has two
 * modes that its reader's flag picks, one side in each (if the slot is
 * full it consumes, else it publishes: the reader's second access is in
 * a leg of a branch on its flag, the writer's in another), and two CPUs
 * may run it at once (no single-threaded entry alone reaches it,
 * contexts.h): then it is both sides of its own protocol, for MP and S.
 * Sides in straight-line code are one run's accesses, and the cases of a
 * switch on something else (a command's) are no protocol.
 */
static bool same_function(const struct pass *p, enum shape shape,
			  const struct pair_side *a, const struct pair_side *b,
			  char *why, size_t n)
{
	const struct fact_fn *f = pairing_fn(p->set, a);

	(void)why, (void)n;
	if (a->fn != b->fn)
		return false;
	return (shape != SHAPE_MP && shape != SHAPE_S) || f->entry ||
	       f->v[b->j].guard != (int)b->i || !two_modes(f, a, b);
}

/* Where a side's ordering is unknown, no verdict can be made on the pair. */
static bool unknown_order(const struct pass *p, enum shape shape,
			  const struct pair_side *a, const struct pair_side *b,
			  char *why, size_t n)
{
	const struct pair_side *u = a->o.ord == ORD_UNKNOWN ? a : b;

	(void)shape;
	if (u->o.ord != ORD_UNKNOWN)
		return false;
	snprintf(why, n, "%s() at line %u", pairing_fn(p->set, u)->name,
		 u->o.by ? u->o.by->line : 0);
	return true;
}

/*
 * A side that accesses the two fields in one object does not meet one
 * that accesses them in two (DPDK's __rte_ring_st_set_head_tail(ht)
 * stores ht->head and ht->tail; __rte_ring_move_prod_head() reads
 * r->cons.tail and stores r->prod.head).
 */
static bool other_objects(const struct pass *p, enum shape shape,
			  const struct pair_side *a, const struct pair_side *b,
			  char *why, size_t n)
{
	(void)p, (void)shape, (void)why, (void)n;
	return objects_exclude((enum obj_rel)a->objects,
			       (enum obj_rel)b->objects);
}

/* The bit side @e's access of @key names, or NULL. */
static const char *bit_at(const struct pass *p, const struct pair_side *e,
			  const char *key)
{
	const struct fact *f = pairing_first(p->set, e);

	if (strcmp(f->key, key))
		f = pairing_second(p->set, e);
	return strcmp(f->key, key) ? NULL : f->bit;
}

/*
 * The two sides test and set two bits of one word: two flags, no message
 * (nf_conntrack's gc_worker() tests IPS_OFFLOAD_BIT of a status whose
 * IPS_CONFIRMED_BIT the clash resolver sets; atomic_bitops.txt).
 */
static bool other_bits(const struct pass *p, enum shape shape,
		       const struct pair_side *a, const struct pair_side *b,
		       char *why, size_t n)
{
	const char *keys[] = { a->k1, a->k2 };
	unsigned k;

	(void)shape;
	for (k = 0; k < 2; k++) {
		const char *x = bit_at(p, a, keys[k]),
			   *y = bit_at(p, b, keys[k]);

		if (x && y && strcmp(x, y)) {
			snprintf(why, n, "'%s': bit %s, bit %s", keys[k], x, y);
			return true;
		}
	}
	return false;
}

/*
 * In S, two sides that each store a field of the object they publish at
 * the flag: two pushers of a lockless stack, each linking its own entry
 * (CK's ck_stack_push_upmc() and _mpnc()).
 */
static bool two_pushers(const struct pass *p, enum shape shape,
			const struct pair_side *a, const struct pair_side *b,
			char *why, size_t n)
{
	(void)p, (void)why, (void)n;
	return shape == SHAPE_S && a->own && b->own;
}

static bool far_hub(const struct pass *p, enum shape shape,
		    const struct pair_side *a, const struct pair_side *b,
		    char *why, size_t n)
{
	(void)shape, (void)why, (void)n;
	return !may_pair(p, a, b);
}

static bool plain_unpaired(const struct pass *p, enum shape shape,
			   const struct pair_side *a, const struct pair_side *b,
			   char *why, size_t n)
{
	(void)shape, (void)why, (void)n;
	return !flags_pair(p, a, b);
}

static bool locked_out(const struct pass *p, enum shape shape,
		       const struct pair_side *a, const struct pair_side *b,
		       char *why, size_t n)
{
	(void)shape;
	return common_lock(p, a, b, why, n) ||
	       sections_exclude(p, a, b, why, n) ||
	       sections_exclude(p, b, a, why, n);
}

static bool cpu_local(const struct pass *p, enum shape shape,
		      const struct pair_side *a, const struct pair_side *b,
		      char *why, size_t n)
{
	(void)shape, (void)why, (void)n;
	return one_cpu(p, a, b);
}

/*
 * Both sides run only in one single-threaded entry's context (the same
 * work item, kthread, timer or tasklet): one after the other.
 */
static bool one_context(const struct pass *p, enum shape shape,
			const struct pair_side *a, const struct pair_side *b,
			char *why, size_t n)
{
	const struct fact_fn *fa = pairing_fn(p->set, a),
			     *fb = pairing_fn(p->set, b);

	(void)shape;
	if (!fa->entry || fa->entry != fb->entry)
		return false;
	snprintf(why, n, "%s(), %s", fa->entry, fa->entry_kind);
	return true;
}

static const struct drop_test drop_tests[] = {
	{ "one function: its two sides can be one run of it, or it never "
	  "runs beside itself",
	  same_function },
	{ "a side's ordering is unknown (a lock or a call between its "
	  "accesses)",
	  unknown_order },
	{ "the fields are of one object on one side, of two on the other",
	  other_objects },
	{ "two bits of one word: each side's a flag of its own", other_bits },
	{ "two sides that each publish their own object", two_pushers },
	{ "a hub type's fields, in two directories", far_hub },
	{ "a plain flag whose other side does not show the protocol",
	  plain_unpaired },
	{ "both sides hold a common lock", locked_out },
	{ "one CPU: both write a location with CPU-local operations",
	  cpu_local },
	{ "one context: both run only in one entry, never beside itself",
	  one_context },
};

/* The reason @a and @b of @shape are no candidate, or NULL. */
static const char *dropped(const struct pass *p, enum shape shape,
			   const struct pair_side *a, const struct pair_side *b,
			   char *why, size_t n)
{
	size_t k;

	for (k = 0; k < sizeof(drop_tests) / sizeof(drop_tests[0]); k++)
		if (drop_tests[k].drops(p, shape, a, b, why, n))
			return drop_tests[k].reason;
	return NULL;
}

static void candidate(struct pass *p, enum shape shape,
		      const struct pair_side *a, const struct pair_side *b)
{
	struct pair_candidate c = { shape, p->set, a, b,    NULL,
				    NULL,  0,	   0, NULL, NULL };
	char why[LOCKSET_MAX] = "";
	const char *reason = dropped(p, shape, a, b, why, sizeof(why));

	if (!reason) {
		p->fn(&c, p->arg);
		return;
	}
	if (p->why)
		p->why(&c, reason, why, p->arg);
}

/*
 * The end of group [lo, hi) that side @e is paired with: at most PAIR_CAP
 * partners, and the first time a group is cut, a candidate that says so.
 */
static size_t capped(struct pass *p, const struct pair_side *e, size_t lo,
		     size_t hi)
{
	struct pair_candidate c = { SHAPE_CAPPED, p->set, NULL, e,    NULL,
				    NULL,	  0,	  0,	NULL, NULL };

	if (hi - lo <= PAIR_CAP)
		return hi;
	if (!p->capped[lo]) {
		p->capped[lo] = true;
		c.a = &p->v[lo];
		c.group = hi - lo;
		c.cap = PAIR_CAP;
		p->fn(&c, p->arg);
	}
	return lo + PAIR_CAP;
}

/* Both accesses of @e are marked (R's and 2+2W's sides). */
static bool all_marked(const struct pass *p, const struct pair_side *e)
{
	return marked(pairing_first(p->set, e)) &&
	       marked(pairing_second(p->set, e));
}

static void join(struct pass *p)
{
	size_t i, lo, hi, k;

	p->capped = xcalloc(p->n ? p->n : 1, sizeof(*p->capped));
	for (i = 0; i < p->n && !out_of_time(p, i); i++) {
		const struct pair_side *e = &p->v[i];

		if (e->role == ROLE_RR || e->role == ROLE_RW) {
			/* the writer stores k2 then k1 */
			hi = find_group(p, ROLE_WW, e->k2, e->k1, &lo);
			hi = capped(p, e, lo, hi);
			for (k = lo; k < hi; k++)
				candidate(p,
					  e->role == ROLE_RR ? SHAPE_MP :
							       SHAPE_S,
					  &p->v[k], e);
		}
		if (e->role == ROLE_RW && !pairing_plain_flag(p->set, e)) {
			/* the other side reads k2 then stores k1 */
			hi = find_group(p, ROLE_RW, e->k2, e->k1, &lo);
			hi = capped(p, e, lo, hi);
			for (k = lo; k < hi; k++)
				if (!pairing_plain_flag(p->set, &p->v[k]))
					candidate(p, SHAPE_LB, e, &p->v[k]);
		} else if (e->role == ROLE_RR &&
			   !pairing_plain_flag(p->set, e)) {
			/*
			 * The writer stores k1 then k2, as this reads them;
			 * a plain flag's side is MP's and S's only.
			 */
			hi = find_group(p, ROLE_WW, e->k1, e->k2, &lo);
			hi = capped(p, e, lo, hi);
			for (k = lo; k < hi; k++)
				if (!pairing_plain_flag(p->set, &p->v[k]))
					candidate(p, SHAPE_SAME_WAY, &p->v[k],
						  e);
			hi = find_group(p, ROLE_WW_LEAD, e->k1, e->k2, &lo);
			hi = capped(p, e, lo, hi);
			for (k = lo; k < hi; k++)
				candidate(p, SHAPE_SAME_WAY, &p->v[k], e);
		} else if (e->role == ROLE_WR) {
			hi = find_group(p, ROLE_WR, e->k2, e->k1, &lo);
			hi = capped(p, e, lo, hi);
			for (k = lo; k < hi; k++)
				candidate(p, SHAPE_SB, e, &p->v[k]);
			/* R: the other side stores k2 then k1 */
			hi = find_group(p, ROLE_WW, e->k2, e->k1, &lo);
			hi = capped(p, e, lo, hi);
			for (k = lo; k < hi; k++)
				if (all_marked(p, &p->v[k]))
					candidate(p, SHAPE_R, &p->v[k], e);
		}
		/* 2+2W: two sides storing the two in opposite orders */
		if (e->role == ROLE_WW && all_marked(p, e)) {
			hi = find_group(p, ROLE_WW, e->k2, e->k1, &lo);
			hi = capped(p, e, lo, hi);
			for (k = lo; k < hi; k++)
				if (all_marked(p, &p->v[k]))
					candidate(p, SHAPE_2P2W, e, &p->v[k]);
		}
	}
	free(p->capped);
}

/* ---- barriers and their partners ---- */

static bool defined_somewhere(const struct pass *p, const char *name)
{
	const char *in = facts_interned(p->set, name);
	unsigned one;

	return in && summary_functions(p->sums, in, &one, 1) > 0;
}

static int cmp_occ(const void *x, const void *y)
{
	const struct occurrence *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->fn != b->fn ? (a->fn < b->fn ? -1 : 1) :
				(a->i < b->i ? -1 : a->i > b->i);
}

static void index_occurrences(struct pass *p)
{
	unsigned fn, i;

	for (fn = 0; fn < p->set->nfns; fn++)
		for (i = 0; i < p->set->fns[fn].n; i++) {
			const struct fact *f = &p->set->fns[fn].v[i];

			if (!fact_is_access(f) ||
			    !kf(p->memo, f->key)->joinable)
				continue;
			if (p->nocc == p->capocc) {
				p->capocc = p->capocc ? 2 * p->capocc : 4096;
				p->occ = xrealloc(p->occ,
						  p->capocc * sizeof(*p->occ));
			}
			p->occ[p->nocc].key = f->key;
			p->occ[p->nocc].fn = fn;
			p->occ[p->nocc++].i = i;
		}
	if (p->nocc)
		qsort(p->occ, p->nocc, sizeof(*p->occ), cmp_occ);
}

/* The first access of @key in the index, or p->nocc if there is none. */
static size_t first_occurrence(const struct pass *p, const char *key)
{
	size_t l = 0, h = p->nocc, m;

	while (l < h) {
		m = (l + h) / 2;
		if (p->occ[m].key < key)
			l = m + 1;
		else
			h = m;
	}
	return l;
}

static bool accesses(const struct fact *f, bool reads)
{
	return reads ? fact_reads(f) : fact_writes(f);
}

/* Another function than @fn reads (@reads) or writes @key at all. */
static bool other_side_exists(const struct pass *p, unsigned fn, bool reads,
			      const char *key)
{
	size_t l;

	for (l = first_occurrence(p, key); l < p->nocc && p->occ[l].key == key;
	     l++)
		if (p->occ[l].fn != fn &&
		    accesses(&p->set->fns[p->occ[l].fn].v[p->occ[l].i], reads))
			return true;
	return false;
}

/*
 * Another function accesses @after and then @before, reading both (the
 * reader of an smp_wmb()) or writing both (the writer of an smp_rmb()):
 * a partner, whatever it orders them with, even an RMW.
 */
static bool has_partner(const struct pass *p, unsigned fn, bool reads,
			const char *before, const char *after)
{
	size_t l;
	unsigned k;

	for (l = first_occurrence(p, after);
	     l < p->nocc && p->occ[l].key == after; l++) {
		const struct fact_fn *f = &p->set->fns[p->occ[l].fn];

		if (p->occ[l].fn == fn || !accesses(&f->v[p->occ[l].i], reads))
			continue;
		for (k = p->occ[l].i + 1;
		     k < f->n && k <= p->occ[l].i + 2 * WINDOW; k++)
			if (f->v[k].key == before && accesses(&f->v[k], reads))
				return true;
	}
	return false;
}

/*
 * What could pair with the barrier at @at of function @fn: the functions
 * its comment names, or else the nearest pair of accesses it orders and
 * whether another function accesses them in the other order.
 */
static void scan_barrier(const struct pass *p, unsigned fn, unsigned at,
			 struct pair_barrier *out)
{
	const struct fact_fn *f = &p->set->fns[fn];
	const struct fact *fence = &f->v[at];
	bool wmb = fence->cls == OC_FENCE_W;
	unsigned i, j, k, dist = 0;

	out->fn = fn;
	out->at = at;
	if ((out->commented = fence->pairs != NULL)) {
		out->nnamed = named_functions(fence->pairs, out->named,
					      sizeof(out->named) /
						      sizeof(out->named[0]),
					      out->buf, sizeof(out->buf));
		for (k = 0; k < out->nnamed && !out->named_defined; k++)
			out->named_defined =
				defined_somewhere(p, out->named[k]);
		return;
	}
	/*
	 * the accesses it orders: loads for smp_rmb(), stores for smp_wmb();
	 * a read of this CPU's per-CPU copy (__this_cpu_read()) sees only
	 * this CPU's stores, no other CPU's order
	 */
	for (i = 0; i < at; i++) {
		const struct fact *a = &f->v[i];

		/* the barrier's own accesses: a callee's may be for
		 * anything (its partners may be a callee's, has_partner()) */
		if (!fact_is_access(a) || !kf(p->memo, a->key)->joinable ||
		    facts_via(f, a) ||
		    (wmb ? !fact_writes(a) : !fact_reads(a)) ||
		    (!wmb && (a->flags & F_LOCAL_CPU)) ||
		    !facts_compatible(f, a, fence))
			continue;
		for (j = at + 1; j < f->n && j <= at + WINDOW; j++) {
			const struct fact *b = &f->v[j];

			if (!fact_is_access(b) ||
			    !kf(p->memo, b->key)->joinable || facts_via(f, b) ||
			    b->key == a->key || !facts_compatible(f, fence, b))
				continue;
			if (wmb ? !fact_writes(b) : !fact_reads(b))
				continue;
			if (!wmb && (b->flags & F_LOCAL_CPU))
				continue;
			/* the flag side marked: lockless code that means it */
			if (!marked(wmb ? b : a))
				continue;
			/* a reader of b then a, or a writer of b then a */
			if (has_partner(p, fn, wmb, a->key, b->key)) {
				out->partnered = true;
				return;
			}
			/* the nearest pair to the barrier stands for all */
			if (!out->before || j - i < dist) {
				out->before = a;
				out->after = b;
				dist = j - i;
			}
			out->npairs++;
		}
	}
	/* for smp_wmb() the later store is the flag, for smp_rmb() the
	 * earlier load */
	out->flag_shared =
		out->before &&
		other_side_exists(p, fn, wmb,
				  wmb ? out->after->key : out->before->key);
}

static void barriers(struct pass *p)
{
	unsigned fn, i;

	for (fn = 0; fn < p->set->nfns && !out_of_time(p, fn); fn++) {
		const struct fact_fn *f = &p->set->fns[fn];

		if (f->in_header)
			continue;
		for (i = 0; i < f->n; i++) {
			const struct fact *x = &f->v[i];
			struct pair_barrier b = { 0 };
			struct named_partner np;
			struct pair_candidate c = {
				SHAPE_BARRIER, p->set, NULL, NULL, &b,
				NULL,	       0,      0,    NULL, NULL
			};

			if (x->op == FO_FENCE && x->pairs && !facts_via(f, x) &&
			    named_partner_check(p->set, p->sums, fn, i, &np)) {
				struct pair_candidate nc = c;

				b.fn = fn;
				b.at = i;
				nc.shape = SHAPE_NAMED;
				nc.named = &np;
				p->fn(&nc, p->arg);
				memset(&b, 0, sizeof(b));
			}

			/* smp_acquire__after_ctrl_dep() pairs with the
			 * releases of the flag, not with a fence; a callee's
			 * barrier is judged in the callee; nor does a
			 * primitive's own fence (seqcounts, wq_has_sleeper()):
			 * its partner is the protocol's other half */
			if (x->op != FO_FENCE || facts_via(f, x) ||
			    (x->flags &
			     (F_MANDATORY | F_DMA | FA_C11 | F_CTRL_DEP |
			      F_FULL_BEFORE | F_RMB_BEFORE | F_WMB_AFTER)) ||
			    (x->cls != OC_FENCE_W && x->cls != OC_FENCE_R))
				continue;
			scan_barrier(p, fn, i, &b);
			p->fn(&c, p->arg);
		}
	}
}

bool pairing_find(const struct fact_set *set,
		  void (*fn)(const struct pair_candidate *c, void *arg),
		  void *arg, double deadline)
{
	return pairing_find_why(set, fn, NULL, arg, deadline);
}

bool pairing_find_why(const struct fact_set *set,
		      void (*fn)(const struct pair_candidate *c, void *arg),
		      pairing_why_fn why, void *arg, double deadline)
{
	struct key_memo memo = { 0 };
	struct pass p = { .set = set,
			  .fn = fn,
			  .why = why,
			  .arg = arg,
			  .memo = &memo,
			  .deadline = deadline };
	unsigned i;

	p.sums = summaries_new(set);
	rank_keys(&p);
	for (i = 0; i < set->nfns; i++)
		collect_fn(&p, i);
	if (p.n) /* qsort(NULL, 0) is undefined */
		qsort(p.v, p.n, sizeof(*p.v), cmp_side);
	p.nsorted = p.n;
	for (i = 0; i < set->nfns; i++)
		collect_plain_flags(&p, i);
	if (p.n > p.nsorted)
		qsort(p.v, p.n, sizeof(*p.v), cmp_side);
	p.nsorted = p.n;
	join(&p);
	index_occurrences(&p);
	barriers(&p);
	summaries_free(p.sums);
	free(p.v);
	free(p.occ);
	free(memo.v);
	return p.expired;
}
