// SPDX-License-Identifier: GPL-2.0
/* Lookup of primitives and names in the dialect tables of vocab/. */
#include "vocab.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

/* A line of a dialect's .def file. */
enum row_type {
	ROW_DIALECT,
	ROW_PRIM,
	ROW_C11,
	ROW_OP,
	ROW_OP_PREFIX,
	ROW_OP_SUFFIX,
	ROW_PATTERN,
	ROW_INCLUDED,
	ROW_PRIM_GLOB,
	ROW_BIT_ARG,
};

/* What an OP row expands over: every OP_PREFIX, or none. */
enum { PFX_ATOMIC, PFX_BARE };

struct row {
	enum row_type type;
	const char *name; /* or OP base, prefix, suffix, glob, header glob */
	enum oc_dialect dialect; /* ROW_DIALECT */
	const char *dname; /* ROW_DIALECT: its name */
	enum oc_model model; /* ROW_DIALECT */
	enum oc_kind kind;
	enum oc_class cls;
	unsigned flags, roles;
	int ptr_arg, mo_arg, mo_fail_arg; /* ROW_BIT_ARG: ptr_arg, the bit */
	int prefixes; /* ROW_OP: PFX_* */
	bool suffixes; /* ROW_OP: also with every OP_SUFFIX */
};

/* Row macros one per line, as the .def files' rows are. */
/* clang-format off */
static const struct row rows[] = {
#define DIALECT(id, n, header, m) \
	{ .type = ROW_DIALECT, .dialect = id, .name = header, .dname = n, \
	  .model = m },
#define INCLUDED(glob) { .type = ROW_INCLUDED, .name = glob },
#define PRIM(n, k, c, f, p, r) \
	{ .type = ROW_PRIM, .name = #n, .kind = k, .cls = c, .flags = f, \
	  .ptr_arg = p, .mo_arg = -1, .mo_fail_arg = -1, .roles = r },
#define C11(n, k, f, p, mo, mof) \
	{ .type = ROW_C11, .name = #n, .kind = k, .cls = OC_NONE, .flags = f, \
	  .ptr_arg = p, .mo_arg = mo, .mo_fail_arg = mof },
#define OP(b, px, k, c, f, sfx, p) \
	{ .type = ROW_OP, .name = #b, .prefixes = px, .kind = k, .cls = c, \
	  .flags = f, .suffixes = sfx, .ptr_arg = p },
#define OP_ROLES(b, px, k, c, f, sfx, p, r) \
	{ .type = ROW_OP, .name = #b, .prefixes = px, .kind = k, .cls = c, \
	  .flags = f, .suffixes = sfx, .ptr_arg = p, .roles = r },
#define OP_PREFIX(px) { .type = ROW_OP_PREFIX, .name = #px },
#define OP_SUFFIX(sfx, c) { .type = ROW_OP_SUFFIX, .name = #sfx, .cls = c },
#define PATTERN(glob, r) { .type = ROW_PATTERN, .name = glob, .roles = r },
#define PRIM_GLOB(g, k, c, f, p, r) \
	{ .type = ROW_PRIM_GLOB, .name = g, .kind = k, .cls = c, .flags = f, \
	  .ptr_arg = p, .mo_arg = -1, .mo_fail_arg = -1, .roles = r },
#define BIT_ARG(n, a) { .type = ROW_BIT_ARG, .name = #n, .ptr_arg = a },
#include "dialects.def"
};
/* clang-format on */

#define NROWS (sizeof(rows) / sizeof(rows[0]))

/* Every primitive of every dialect, by name, then in dialect table order. */
static struct vocab_entry *table;
static unsigned count;
/* per dialect: the header glob that makes a name its own, or NULL */
static const char *headers[D_COUNT];
static const char *dialect_names[D_COUNT];
static enum oc_model models[D_COUNT];
/* the PATTERN rows, asked for every call: a short list of their own */
static const struct row **patterns;
static unsigned npatterns;
/*
 * PRIM_GLOB rows, with their dialect, in table order; and the entries made
 * from them for the names met so far (a name is looked up many times)
 */
static struct {
	const struct row *row;
	enum oc_dialect dialect;
	size_t lit; /* the length of its literal prefix */
} * globs;
static unsigned nglobs;
static struct vocab_entry **globbed;
static unsigned nglobbed, globbed_cap;

static int by_name(const void *a, const void *b)
{
	const struct vocab_entry *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/* The dialects' enum follows their table: the first one's row wins a tie. */
static int by_name_then_dialect(const void *a, const void *b)
{
	const struct vocab_entry *x = a, *y = b;
	int r = strcmp(x->name, y->name);

	return r ? r : (int)x->dialect - (int)y->dialect;
}

static unsigned rows_of(enum row_type type)
{
	unsigned i, n = 0;

	for (i = 0; i < NROWS; i++)
		n += rows[i].type == type;
	return n;
}

static void add_row(const struct row *r, enum oc_dialect d)
{
	struct vocab_entry *e = &table[count++];

	e->name = r->name;
	e->dialect = d;
	e->model = r->type == ROW_C11 ? M_C11 : models[d];
	e->kind = r->kind;
	e->cls = r->cls;
	e->flags = r->flags;
	e->ptr_arg = r->ptr_arg;
	e->mo_arg = r->mo_arg;
	e->mo_fail_arg = r->mo_fail_arg;
	e->roles = r->roles;
	e->bit_arg = -1;
}

/* @op with prefix @pfx and suffix row @sfx (NULL: none). */
static void add_op(const struct row *op, enum oc_dialect d, const char *pfx,
		   const struct row *sfx)
{
	struct row r = *op;

	r.name = xasprintf("%s%s%s", pfx, op->name, sfx ? sfx->name : "");
	if (sfx)
		r.cls = sfx->cls;
	r.mo_arg = r.mo_fail_arg = -1;
	add_row(&r, d);
}

/* @op with prefix @pfx, and with each suffix if it takes them. */
static void add_op_suffixed(const struct row *op, enum oc_dialect d,
			    const char *pfx)
{
	unsigned i;

	add_op(op, d, pfx, NULL);
	for (i = 0; op->suffixes && i < NROWS; i++)
		if (rows[i].type == ROW_OP_SUFFIX)
			add_op(op, d, pfx, &rows[i]);
}

static void expand_op(const struct row *op, enum oc_dialect d)
{
	unsigned i;

	if (op->prefixes == PFX_BARE) {
		add_op_suffixed(op, d, "");
		return;
	}
	for (i = 0; i < NROWS; i++)
		if (rows[i].type == ROW_OP_PREFIX)
			add_op_suffixed(op, d, rows[i].name);
}

/* Every row named @name names a bit of its location in argument @arg. */
static void set_bit_arg(const char *name, int arg)
{
	struct vocab_entry key = { .name = name }, *e;

	e = bsearch(&key, table, count, sizeof(*table), by_name);
	while (e && e > table && !strcmp(e[-1].name, name))
		e--;
	for (; e && e < table + count && !strcmp(e->name, name); e++)
		e->bit_arg = arg;
}

static void vocab_init(void)
{
	enum oc_dialect d = D_LINUX;
	unsigned i;

	if (table)
		return;
	table = xcalloc(rows_of(ROW_PRIM) + rows_of(ROW_C11) +
				rows_of(ROW_OP) * (rows_of(ROW_OP_PREFIX) + 1) *
					(rows_of(ROW_OP_SUFFIX) + 1),
			sizeof(*table));
	patterns = xcalloc(rows_of(ROW_PATTERN) + 1, sizeof(*patterns));
	globs = xcalloc(rows_of(ROW_PRIM_GLOB) + 1, sizeof(*globs));
	for (i = 0; i < NROWS; i++) {
		switch (rows[i].type) {
		case ROW_DIALECT:
			d = rows[i].dialect;
			headers[d] = rows[i].name;
			dialect_names[d] = rows[i].dname;
			models[d] = rows[i].model;
			break;
		case ROW_PRIM:
		case ROW_C11:
			add_row(&rows[i], d);
			break;
		case ROW_OP:
			expand_op(&rows[i], d);
			break;
		case ROW_PATTERN:
			patterns[npatterns++] = &rows[i];
			break;
		case ROW_PRIM_GLOB:
			globs[nglobs].row = &rows[i];
			globs[nglobs].lit = strcspn(rows[i].name, "*?[");
			globs[nglobs++].dialect = d;
			break;
		default:
			break;
		}
	}
	qsort(table, count, sizeof(*table), by_name_then_dialect);
	for (i = 0; i < NROWS; i++)
		if (rows[i].type == ROW_BIT_ARG)
			set_bit_arg(rows[i].name, rows[i].ptr_arg);
}

/*
 * A name no row spells: the first PRIM_GLOB row it matches, as an entry of
 * its own (made once per name; e->name is the name, for messages).
 */
static const struct vocab_entry *glob_lookup(const char *name)
{
	struct vocab_entry *e;
	unsigned i;

	for (i = 0; i < nglobbed; i++)
		if (!strcmp(globbed[i]->name, name))
			return globbed[i];
	for (i = 0; i < nglobs; i++) {
		const struct row *r = globs[i].row;
		size_t lit = globs[i].lit;

		/* most names looked up are no primitive: the first byte tells */
		if (lit && r->name[0] != name[0])
			continue;
		if (!strncmp(r->name, name, lit) && !fnmatch(r->name, name, 0))
			break;
	}
	if (i == nglobs)
		return NULL;
	e = xcalloc(1, sizeof(*e));
	e->name = xstrdup(name);
	e->dialect = globs[i].dialect;
	e->model = models[e->dialect];
	e->kind = globs[i].row->kind;
	e->cls = globs[i].row->cls;
	e->flags = globs[i].row->flags;
	e->ptr_arg = globs[i].row->ptr_arg;
	e->mo_arg = e->mo_fail_arg = -1;
	e->bit_arg = -1;
	e->roles = globs[i].row->roles;
	if (nglobbed == globbed_cap) {
		globbed_cap = globbed_cap ? globbed_cap * 2 : 16;
		globbed = xrealloc(globbed, globbed_cap * sizeof(*globbed));
	}
	globbed[nglobbed++] = e;
	return e;
}

/*
 * Of the rows named @name, the one of a header-scoped dialect if the name
 * came from its header (@c11_header), else of another; failing that, the
 * first.
 */
const struct vocab_entry *vocab_lookup(const char *name, int header)
{
	struct vocab_entry key = { .name = name };
	const struct vocab_entry *e, *first;

	vocab_init();
	first = bsearch(&key, table, count, sizeof(*table), by_name);
	if (!first)
		return nglobs ? glob_lookup(name) : NULL;
	while (first > table && !strcmp(first[-1].name, name))
		first--;
	for (e = first; e < table + count && !strcmp(e->name, name); e++)
		if (header == VOCAB_NO_HEADER ? !headers[e->dialect] :
						(int)e->dialect == header)
			return e;
	return first;
}

int vocab_own_header(const char *name, enum oc_model model)
{
	struct vocab_entry key = { .name = name };
	const struct vocab_entry *e;

	vocab_init();
	e = bsearch(&key, table, count, sizeof(*table), by_name);
	while (e && e > table && !strcmp(e[-1].name, name))
		e--;
	for (; e && e < table + count && !strcmp(e->name, name); e++)
		if (headers[e->dialect] && e->model == model)
			return (int)e->dialect;
	return VOCAB_NO_HEADER;
}

bool vocab_implements(const char *name)
{
	return vocab_lookup(name, VOCAB_NO_HEADER) ||
	       vocab_name_is(name, R_IMPLEMENTS);
}

int vocab_header_dialect(const char *path)
{
	unsigned i;

	vocab_init();
	for (i = 0; i < D_COUNT; i++)
		if (headers[i] && !fnmatch(headers[i], path, 0))
			return (int)i;
	return VOCAB_NO_HEADER;
}

bool vocab_scoped_header(const char *path)
{
	return vocab_header_dialect(path) != VOCAB_NO_HEADER;
}

/*
 * A library modelled on the kernel (its own header, M_LKMM): 3; the
 * kernel (INCLUDED rows): 2; C11 (<stdatomic.h>): 1.
 */
unsigned vocab_include_rank(const char *path, enum oc_dialect *d)
{
	enum oc_dialect cur = D_LINUX;
	unsigned i;
	int h = vocab_header_dialect(path);

	if (h != VOCAB_NO_HEADER) {
		*d = (enum oc_dialect)h;
		return models[h] == M_LKMM ? 3 : 1;
	}
	for (i = 0; i < NROWS; i++) {
		if (rows[i].type == ROW_DIALECT)
			cur = rows[i].dialect;
		else if (rows[i].type == ROW_INCLUDED &&
			 !fnmatch(rows[i].name, path, 0)) {
			*d = cur;
			return 2;
		}
	}
	return 0;
}

enum oc_model vocab_dialect_model(enum oc_dialect d)
{
	vocab_init();
	return models[d];
}

const char *vocab_dialect_name(enum oc_dialect d)
{
	vocab_init();
	return dialect_names[d];
}

int vocab_dialect_by_name(const char *name)
{
	unsigned i;

	vocab_init();
	for (i = 0; i < D_COUNT; i++)
		if (!strcmp(dialect_names[i], name))
			return (int)i;
	return -1;
}

bool vocab_name_is(const char *name, unsigned roles)
{
	unsigned i;

	vocab_init();
	for (i = 0; i < npatterns; i++)
		if ((patterns[i]->roles & roles) &&
		    !fnmatch(patterns[i]->name, name, 0))
			return true;
	return false;
}

enum oc_class vocab_class_for_order(enum oc_kind kind, int mo)
{
	switch (kind) {
	case K_LOAD:
		return mo == MO_RELAXED ? OC_MLOAD :
		       mo == MO_CONSUME ? OC_DEP_LOAD :
					  OC_ACQ_LOAD;
	case K_STORE:
		return mo == MO_RELAXED ? OC_MSTORE : OC_REL_STORE;
	case K_RMW:
		switch (mo) {
		case MO_RELAXED:
			return OC_RMW_RLX;
		case MO_CONSUME:
		case MO_ACQUIRE:
			return OC_RMW_ACQ;
		case MO_RELEASE:
			return OC_RMW_REL;
		case MO_ACQ_REL:
			return OC_RMW_ACQREL;
		default:
			return OC_RMW_SC;
		}
	case K_FENCE:
		switch (mo) {
		case MO_RELAXED:
			return OC_NONE;
		case MO_CONSUME:
		case MO_ACQUIRE:
			return OC_FENCE_ACQ;
		case MO_RELEASE:
			return OC_FENCE_REL;
		case MO_ACQ_REL:
			return OC_FENCE_ACQREL;
		default:
			return OC_FENCE_FULL;
		}
	default:
		return OC_NONE;
	}
}

static const char *const class_names[] = {
	[OC_NONE] = "none",
	[OC_PLAIN] = "PLAIN",
	[OC_MLOAD] = "MLOAD",
	[OC_MSTORE] = "MSTORE",
	[OC_ACQ_LOAD] = "ACQ_LOAD",
	[OC_REL_STORE] = "REL_STORE",
	[OC_DEP_LOAD] = "DEP_LOAD",
	[OC_PUBLISH] = "PUBLISH",
	[OC_FENCE_FULL] = "FENCE_FULL",
	[OC_FENCE_R] = "FENCE_R",
	[OC_FENCE_W] = "FENCE_W",
	[OC_FENCE_ACQ] = "FENCE_ACQ",
	[OC_FENCE_REL] = "FENCE_REL",
	[OC_FENCE_ACQREL] = "FENCE_ACQREL",
	[OC_CBAR] = "CBAR",
	[OC_RMW_FULL] = "RMW_FULL",
	[OC_RMW_SC] = "RMW_SC",
	[OC_RMW_RLX] = "RMW_RLX",
	[OC_RMW_ACQ] = "RMW_ACQ",
	[OC_RMW_REL] = "RMW_REL",
	[OC_RMW_ACQREL] = "RMW_ACQREL",
	[OC_MOD_BEFORE] = "MOD_BEFORE",
	[OC_MOD_AFTER] = "MOD_AFTER",
	[OC_LOCK_ACQ] = "LOCK_ACQ",
	[OC_LOCK_REL] = "LOCK_REL",
	[OC_MARKER] = "MARKER",
};

const char *vocab_class_name(enum oc_class cls)
{
	return class_names[cls];
}

const char *vocab_order_name(int mo)
{
	static const char *const names[] = {
		"memory_order_relaxed", "memory_order_consume",
		"memory_order_acquire", "memory_order_release",
		"memory_order_acq_rel", "memory_order_seq_cst",
	};

	return mo >= 0 && mo <= MO_SEQ_CST ? names[mo] : "an unknown order";
}

unsigned vocab_fence_mask(enum oc_class cls, unsigned flags)
{
	unsigned m = 0;

	switch (cls) {
	case OC_FENCE_FULL:
		m = VO_RR | VO_RW | VO_WR | VO_WW | VO_COMPILER;
		break;
	case OC_FENCE_R:
		m = VO_RR | VO_COMPILER;
		break;
	case OC_FENCE_W:
		m = VO_WW | VO_COMPILER;
		break;
	/*
	 * C11 acquire/release fences are not trusted as compiler barriers
	 * for plain accesses (QEMU adds barrier() beside them).
	 */
	case OC_FENCE_ACQ:
		m = VO_RR | VO_RW;
		break;
	case OC_FENCE_REL:
		m = VO_RW | VO_WW;
		break;
	case OC_FENCE_ACQREL:
		m = VO_RR | VO_RW | VO_WW;
		break;
	case OC_CBAR:
		m = VO_COMPILER;
		break;
	default:
		return 0;
	}
	if (flags & F_MANDATORY)
		m |= VO_MMIO | VO_DMA;
	/* dma_*mb() order coherent DMA memory: not a CPU-CPU fence */
	if (flags & F_DMA)
		m = (m & VO_COMPILER) | VO_DMA;
	if (flags & F_SIGNAL)
		m = VO_COMPILER;
	return m;
}

int vocab_value_arg(const struct vocab_entry *p, unsigned nargs)
{
	if (p->ptr_arg < 0 || nargs < 2)
		return -1;
	if (p->roles & R_NODE_LAST)
		return (int)nargs - 1;
	return p->ptr_arg == 0 ? 1 : 0;
}

int vocab_written_arg(const struct vocab_entry *p, unsigned nargs)
{
	/* cmpxchg(ptr, old, new), ck_pr_cas_ptr(t, c, s), try_cmpxchg() */
	if (p->kind == K_RMW && (p->flags & F_COND) && p->ptr_arg >= 0 &&
	    nargs >= (unsigned)p->ptr_arg + 3)
		return p->ptr_arg + 2;
	return vocab_value_arg(p, nargs);
}

bool vocab_is_rmw_class(enum oc_class cls)
{
	return cls >= OC_RMW_FULL && cls <= OC_RMW_ACQREL;
}

unsigned vocab_count(void)
{
	vocab_init();
	return count;
}

const struct vocab_entry *vocab_at(unsigned i)
{
	vocab_init();
	return &table[i];
}
