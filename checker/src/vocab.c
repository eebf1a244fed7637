// SPDX-License-Identifier: GPL-2.0
/* Lookup of primitives in the dialect tables of vocab/. */
#include "vocab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct vocab_entry fixed_rows[] = {
#define PRIM(n, k, c, f, p) { #n, D_LINUX, k, c, f, p, -1, -1 },
#include "vocab/linux.def"
#undef PRIM
#define PRIM(n, k, c, f, p) { #n, D_GNU, k, c, f, p, -1, -1 },
#include "vocab/sync.def"
#undef PRIM
};

static const struct vocab_entry c11_rows[] = {
#define C11(n, d, k, f, p, mo, mof) { #n, d, k, OC_NONE, f, p, mo, mof },
#include "vocab/c11.def"
#undef C11
};

enum { PFX_ATOMIC, PFX_BARE };

struct atomic_op {
	const char *base;
	int prefixes;
	enum oc_kind kind;
	enum oc_class cls;
	unsigned flags;
	int suffixes;
	int ptr_arg;
};

static const struct atomic_op atomic_ops[] = {
#define OP(b, px, k, c, f, sfx, p) { #b, px, k, c, f, sfx, p },
#include "vocab/linux_atomic.def"
#undef OP
};

/* raw_ (v6.5+) and arch_ names carry the same ordering as the plain ones */
static const char *const atomic_prefixes[] = {
	"atomic_",	"atomic64_",	  "atomic_long_",
	"raw_atomic_",	"raw_atomic64_",  "raw_atomic_long_",
	"arch_atomic_", "arch_atomic64_", "arch_atomic_long_",
};

static const struct {
	const char *suffix;
	enum oc_class rmw, load, store;
} order_suffixes[] = {
	{ "_relaxed", OC_RMW_RLX, OC_MLOAD, OC_MSTORE },
	{ "_acquire", OC_RMW_ACQ, OC_ACQ_LOAD, OC_MSTORE },
	{ "_release", OC_RMW_REL, OC_MLOAD, OC_REL_STORE },
};

static struct vocab_entry *linux_table; /* fixed + generated, sorted */
static unsigned linux_count;
static struct vocab_entry *c11_table;
static unsigned c11_count;

static int by_name(const void *a, const void *b)
{
	const struct vocab_entry *x = a, *y = b;

	return strcmp(x->name, y->name);
}

static void add_generated(struct vocab_entry *e, unsigned *n, const char *pfx,
			  const struct atomic_op *op, int sfx)
{
	size_t len = strlen(pfx) + strlen(op->base) + 10;
	char *name = malloc(len);
	struct vocab_entry *v = &e[(*n)++];

	snprintf(name, len, "%s%s%s", pfx, op->base,
		 sfx < 0 ? "" : order_suffixes[sfx].suffix);
	v->name = name;
	v->dialect = D_LINUX;
	v->kind = op->kind;
	v->cls = op->cls;
	v->flags = op->flags;
	v->ptr_arg = op->ptr_arg;
	v->mo_arg = -1;
	v->mo_fail_arg = -1;
	if (sfx >= 0)
		v->cls = order_suffixes[sfx].rmw;
}

static void vocab_init(void)
{
	unsigned nfixed = sizeof(fixed_rows) / sizeof(fixed_rows[0]);
	unsigned nops = sizeof(atomic_ops) / sizeof(atomic_ops[0]);
	unsigned npfx = sizeof(atomic_prefixes) / sizeof(atomic_prefixes[0]);
	unsigned max = nfixed + nops * npfx * 4, n = 0, i, j;
	struct vocab_entry *e;

	if (linux_table)
		return;
	e = calloc(max, sizeof(*e));
	if (!e)
		abort(); /* at start-up, before any file: nothing to lose */
	memcpy(e, fixed_rows, sizeof(fixed_rows));
	n = nfixed;
	for (i = 0; i < nops; i++) {
		const struct atomic_op *op = &atomic_ops[i];
		unsigned np = op->prefixes == PFX_ATOMIC ? npfx : 1;

		for (j = 0; j < np; j++) {
			const char *pfx = op->prefixes == PFX_ATOMIC ?
						  atomic_prefixes[j] :
						  "";
			int s;

			add_generated(e, &n, pfx, op, -1);
			for (s = 0; op->suffixes && s < 3; s++)
				add_generated(e, &n, pfx, op, s);
		}
	}
	qsort(e, n, sizeof(*e), by_name);
	linux_table = e;
	linux_count = n;

	c11_count = sizeof(c11_rows) / sizeof(c11_rows[0]);
	c11_table = malloc(sizeof(c11_rows));
	if (!c11_table)
		abort();
	memcpy(c11_table, c11_rows, sizeof(c11_rows));
	qsort(c11_table, c11_count, sizeof(*c11_table), by_name);
}

static const struct vocab_entry *find(const struct vocab_entry *t, unsigned n,
				      const char *name)
{
	struct vocab_entry key = { .name = name };

	return bsearch(&key, t, n, sizeof(*t), by_name);
}

const struct vocab_entry *vocab_lookup(const char *name, bool c11_header)
{
	const struct vocab_entry *e;

	vocab_init();
	if (c11_header || !strncmp(name, "__", 2)) {
		e = find(c11_table, c11_count, name);
		if (e)
			return e;
	}
	e = find(linux_table, linux_count, name);
	if (e)
		return e;
	return c11_header ? NULL : find(c11_table, c11_count, name);
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

bool vocab_is_rmw_class(enum oc_class cls)
{
	return cls >= OC_RMW_FULL && cls <= OC_RMW_ACQREL;
}

unsigned vocab_count(void)
{
	vocab_init();
	return linux_count + c11_count;
}

const struct vocab_entry *vocab_at(unsigned i)
{
	vocab_init();
	return i < linux_count ? &linux_table[i] : &c11_table[i - linux_count];
}
