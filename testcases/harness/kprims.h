/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprims.h - the kernel ordering primitives the repros use, in userspace,
 * compiled to the instructions the kernel emits for x86-64 and arm64.
 *
 * A repro is only worth its figures if the code it times or races is the
 * code a kernel build would run, so nothing here is "roughly equivalent":
 * each macro copies the kernel's instruction sequence, operand constraints
 * and clobbers (arch/x86/include/asm/{barrier,atomic,cmpxchg,bitops}.h,
 * arch/arm64/include/asm/{barrier,atomic_lse,atomic_ll_sc,cmpxchg}.h,
 * include/asm-generic/bitops/atomic.h).  Where we deviate, the comment on
 * the macro says so and why.  Semantics (what each one orders) are in
 * docs/ordering-semantics.md, "1.1 Linux kernel (LKMM)" and "5. x86-64 TSO
 * and weakly ordered CPUs".
 *
 * Only what the repros need is here: 32-bit atomic_t, unsigned long bitops,
 * READ_ONCE/WRITE_ONCE of naturally aligned scalars, the RCU pointer
 * accessors and OPTIMIZER_HIDE_VAR() (sections 1.1.6 and 3).  No KCSAN, no
 * instrumentation, no UP build (a repro needs two CPUs to mean anything).
 *
 * arm64: LSE instructions when the compiler targets them
 * (-march=armv8.1-a or later defines __ARM_FEATURE_ATOMICS), LL/SC loops
 * otherwise.  The kernel picks between the two at boot with alternatives;
 * a userspace build has to pick at compile time.
 */
#ifndef KPRIMS_H
#define KPRIMS_H

#if !defined(__x86_64__) && !defined(__aarch64__)
#error "kprims.h: only x86-64 and arm64 are implemented"
#endif

/* ---- compiler-level primitives (identical on every architecture) ---- */

/* Forget every value cached in a register; emits no instruction. */
#define barrier()	__asm__ __volatile__("" : : : "memory")

/*
 * Volatile access: one untorn load or store the compiler may neither fuse,
 * invent nor reorder against other volatile accesses.  No CPU ordering.
 */
#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)						\
	do {								\
		*(volatile __typeof__(x) *)&(x) = (val);		\
	} while (0)

static inline void cpu_relax(void)
{
#if defined(__x86_64__)
	__asm__ __volatile__("rep; nop" : : : "memory");	/* pause */
#else
	__asm__ __volatile__("yield" : : : "memory");
#endif
}

typedef struct {
	int counter;
} atomic_t;

#define ATOMIC_INIT(i)	{ (i) }

/* Not RMWs: a plain marked load/store, ordered against nothing. */
#define atomic_read(v)		READ_ONCE((v)->counter)
#define atomic_set(v, i)	WRITE_ONCE((v)->counter, (i))

#if defined(__x86_64__)

/* ---------------------------------------------------------------- x86-64 */

/*
 * A locked no-op on the stack is cheaper than mfence and orders the same
 * for ordinary (write-back) memory.  -4 rather than 0 keeps it off the
 * word at the top of the stack, which the next pop or ret is likely to
 * read.  In userspace -4(%rsp) lies in the red zone and may hold a live
 * spilled value, but adding zero atomically leaves it unchanged.
 */
#define smp_mb()							\
	__asm__ __volatile__("lock; addl $0,-4(%%rsp)" : : : "memory", "cc")

/* TSO already keeps load->load and store->store order. */
#define smp_rmb()	barrier()
#define smp_wmb()	barrier()

/*
 * Every locked instruction is a full barrier on x86, so these only need
 * to stop the compiler.  The kernel (since the 2019 fix "x86/atomic: Fix
 * smp_mb__{before,after}_atomic()") defines them as an empty
 * do { } while (0) and relies on the "memory" clobber of each atomic asm
 * below; barrier() emits the same code next to an RMW, and next to a
 * non-RMW (the misuse repro) it makes sure any reordering observed is the
 * CPU's doing, not the compiler's.
 */
#define smp_mb__before_atomic()	barrier()
#define smp_mb__after_atomic()	barrier()

/* TSO gives acquire and release for free: only the compiler must obey. */
#define smp_load_acquire(p)						\
	({								\
		__typeof__(*(p)) ___p1 = READ_ONCE(*(p));		\
		barrier();						\
		___p1;							\
	})

#define smp_store_release(p, v)						\
	do {								\
		barrier();						\
		WRITE_ONCE(*(p), (v));					\
	} while (0)

/*
 * xchg with a memory operand is implicitly locked: a store and a full
 * barrier in one instruction (kernel: __xchg_op(..., "")).
 */
#define xchg(ptr, v)							\
	({								\
		__typeof__(*(ptr)) __x = (v);				\
		__asm__ __volatile__("xchg %0, %1"			\
				     : "+r" (__x), "+m" (*(ptr))	\
				     : : "memory", "cc");		\
		__x;							\
	})

/* Generic would be WRITE_ONCE + smp_mb; one xchg does both. */
#define smp_store_mb(var, value)					\
	do {								\
		(void)xchg(&(var), (value));				\
	} while (0)

/* Locked, hence fully ordered on x86, although the LKMM promises nothing. */
static inline void atomic_add(int i, atomic_t *v)
{
	__asm__ __volatile__("lock; addl %1,%0"
			     : "+m" (v->counter) : "ir" (i) : "memory");
}

static inline void atomic_inc(atomic_t *v)
{
	__asm__ __volatile__("lock; incl %0"
			     : "+m" (v->counter) : : "memory");
}

static inline void atomic_dec(atomic_t *v)
{
	__asm__ __volatile__("lock; decl %0"
			     : "+m" (v->counter) : : "memory");
}

/* lock xadd: the value-returning RMWs, fully ordered in the LKMM too. */
static inline int atomic_fetch_add(int i, atomic_t *v)
{
	__asm__ __volatile__("lock; xaddl %0, %1"
			     : "+r" (i), "+m" (v->counter) : : "memory", "cc");
	return i;
}

static inline int atomic_add_return(int i, atomic_t *v)
{
	return i + atomic_fetch_add(i, v);
}

static inline int atomic_xchg(atomic_t *v, int new)
{
	return xchg(&v->counter, new);
}

/*
 * Register bit offset: bts/btr address the bit string relative to the
 * operand, so nr may exceed BITS_PER_LONG as with the kernel's "Ir" form.
 */
static inline void set_bit(long nr, volatile unsigned long *addr)
{
	__asm__ __volatile__("lock; btsq %1,%0"
			     : "+m" (*addr) : "r" (nr) : "memory");
}

static inline void clear_bit(long nr, volatile unsigned long *addr)
{
	__asm__ __volatile__("lock; btrq %1,%0"
			     : "+m" (*addr) : "r" (nr) : "memory");
}

static inline int test_and_set_bit(long nr, volatile unsigned long *addr)
{
	_Bool oldbit;

	__asm__ __volatile__("lock; btsq %2,%1"
			     : "=@ccc" (oldbit), "+m" (*addr)
			     : "r" (nr) : "memory");
	return oldbit;
}

#else /* __aarch64__ */

/* ----------------------------------------------------------------- arm64 */

/* Inner shareable: the domain every CPU running the kernel belongs to. */
#define smp_mb()	__asm__ __volatile__("dmb ish" : : : "memory")
#define smp_rmb()	__asm__ __volatile__("dmb ishld" : : : "memory")
#define smp_wmb()	__asm__ __volatile__("dmb ishst" : : : "memory")

/*
 * arm64 has no cheaper way to upgrade a relaxed RMW, so these are the
 * generic fallback: a full dmb.  They are also the only compiler barrier
 * next to a void RMW, whose asm below carries no "memory" clobber.
 */
#define smp_mb__before_atomic()	smp_mb()
#define smp_mb__after_atomic()	smp_mb()

/*
 * ldar/stlr by access size, as arch/arm64/include/asm/barrier.h.  The
 * union lets one asm template move any 1/2/4/8-byte scalar type.
 */
#define smp_load_acquire(p)						\
	({								\
		union {							\
			__typeof__(*(p)) __val;				\
			char __c[sizeof(*(p))];				\
		} __u;							\
		switch (sizeof(*(p))) {					\
		case 1:							\
			__asm__ __volatile__("ldarb %w0, %1"		\
				: "=r" (*(unsigned char *)__u.__c)	\
				: "Q" (*(p)) : "memory");		\
			break;						\
		case 2:							\
			__asm__ __volatile__("ldarh %w0, %1"		\
				: "=r" (*(unsigned short *)__u.__c)	\
				: "Q" (*(p)) : "memory");		\
			break;						\
		case 4:							\
			__asm__ __volatile__("ldar %w0, %1"		\
				: "=r" (*(unsigned int *)__u.__c)	\
				: "Q" (*(p)) : "memory");		\
			break;						\
		case 8:							\
			__asm__ __volatile__("ldar %0, %1"		\
				: "=r" (*(unsigned long *)__u.__c)	\
				: "Q" (*(p)) : "memory");		\
			break;						\
		}							\
		__u.__val;						\
	})

/*
 * The kernel builds with -fno-strict-aliasing; the repros do not, and gcc
 * then takes a read of the union's char array as a plain unsigned long
 * (say) as reading nothing the initialiser wrote ("used uninitialized",
 * seen with a pointer-sized value).  These access types may alias
 * anything, which is what the kernel's casts mean.
 */
typedef unsigned char __attribute__((__may_alias__)) __kp_u8;
typedef unsigned short __attribute__((__may_alias__)) __kp_u16;
typedef unsigned int __attribute__((__may_alias__)) __kp_u32;
typedef unsigned long __attribute__((__may_alias__)) __kp_u64;

#define smp_store_release(p, v)						\
	do {								\
		union {							\
			__typeof__(*(p)) __val;				\
			char __c[sizeof(*(p))];				\
		} __u = { .__val = (v) };				\
		switch (sizeof(*(p))) {					\
		case 1:							\
			__asm__ __volatile__("stlrb %w1, %0"		\
				: "=Q" (*(p))				\
				: "rZ" (*(__kp_u8 *)__u.__c)	\
				: "memory");				\
			break;						\
		case 2:							\
			__asm__ __volatile__("stlrh %w1, %0"		\
				: "=Q" (*(p))				\
				: "rZ" (*(__kp_u16 *)__u.__c)	\
				: "memory");				\
			break;						\
		case 4:							\
			__asm__ __volatile__("stlr %w1, %0"		\
				: "=Q" (*(p))				\
				: "rZ" (*(__kp_u32 *)__u.__c)	\
				: "memory");				\
			break;						\
		case 8:							\
			__asm__ __volatile__("stlr %1, %0"		\
				: "=Q" (*(p))				\
				: "rZ" (*(__kp_u64 *)__u.__c)	\
				: "memory");				\
			break;						\
		}							\
	} while (0)

/* No single instruction stores and fences: asm-generic's definition. */
#define smp_store_mb(var, value)					\
	do {								\
		WRITE_ONCE(var, value);					\
		smp_mb();						\
	} while (0)

#if defined(__ARM_FEATURE_ATOMICS)

/*
 * LSE.  The void ops are "st" forms with no acquire/release bits and no
 * "memory" clobber: unordered, as the LKMM says.  The fully ordered ops
 * use the "al" (acquire+release) forms, which on arm64 are enough to act
 * as smp_mb() on both sides.
 */
static inline void atomic_add(int i, atomic_t *v)
{
	__asm__ __volatile__("stadd %w[i], %[v]"
			     : [v] "+Q" (v->counter) : [i] "r" (i));
}

static inline int atomic_fetch_add(int i, atomic_t *v)
{
	int old;

	__asm__ __volatile__("ldaddal %w[i], %w[old], %[v]"
			     : [v] "+Q" (v->counter), [old] "=r" (old)
			     : [i] "r" (i) : "memory");
	return old;
}

static inline int atomic_xchg(atomic_t *v, int new)
{
	int old;

	__asm__ __volatile__("swpal %w[new], %w[old], %[v]"
			     : [v] "+Q" (v->counter), [old] "=&r" (old)
			     : [new] "r" (new) : "memory");
	return old;
}

static inline void set_bit(long nr, volatile unsigned long *addr)
{
	unsigned long mask = 1UL << (nr % 64);

	__asm__ __volatile__("stset %[m], %[p]"
			     : [p] "+Q" (addr[nr / 64]) : [m] "r" (mask));
}

static inline void clear_bit(long nr, volatile unsigned long *addr)
{
	unsigned long mask = 1UL << (nr % 64);

	__asm__ __volatile__("stclr %[m], %[p]"
			     : [p] "+Q" (addr[nr / 64]) : [m] "r" (mask));
}

/*
 * No "already set? return early" test before the RMW: since v6.0 the
 * kernel always does the RMW, so the op is fully ordered even when the
 * bit was already set ("locking/atomic: Make test_and_*_bit() ordered on
 * failure").  The same holds for the LL/SC version below.
 */
static inline int test_and_set_bit(long nr, volatile unsigned long *addr)
{
	unsigned long mask = 1UL << (nr % 64), old;

	__asm__ __volatile__("ldsetal %[m], %[old], %[p]"
			     : [p] "+Q" (addr[nr / 64]), [old] "=r" (old)
			     : [m] "r" (mask) : "memory");
	return !!(old & mask);
}

#else /* LL/SC */

/*
 * LL/SC.  Void ops: a bare ldxr/stxr loop, no barrier, no clobber.
 * Fully ordered ops: the store-exclusive is a release (stlxr) and a dmb
 * follows the loop, which is what upgrades release to "smp_mb() on both
 * sides" (atomic_ll_sc.h, ATOMIC_OP_RETURN with "dmb ish").
 */
static inline void atomic_add(int i, atomic_t *v)
{
	unsigned long tmp;
	int result;

	__asm__ __volatile__(
		"	prfm	pstl1strm, %2\n"
		"1:	ldxr	%w0, %2\n"
		"	add	%w0, %w0, %w3\n"
		"	stxr	%w1, %w0, %2\n"
		"	cbnz	%w1, 1b\n"
		: "=&r" (result), "=&r" (tmp), "+Q" (v->counter)
		: "r" (i));
}

static inline int atomic_fetch_add(int i, atomic_t *v)
{
	unsigned long tmp;
	int val, result;

	__asm__ __volatile__(
		"	prfm	pstl1strm, %3\n"
		"1:	ldxr	%w0, %3\n"
		"	add	%w1, %w0, %w4\n"
		"	stlxr	%w2, %w1, %3\n"
		"	cbnz	%w2, 1b\n"
		"	dmb	ish\n"
		: "=&r" (result), "=&r" (val), "=&r" (tmp), "+Q" (v->counter)
		: "r" (i) : "memory");
	return result;
}

static inline int atomic_xchg(atomic_t *v, int new)
{
	unsigned long tmp;
	int old;

	__asm__ __volatile__(
		"	prfm	pstl1strm, %2\n"
		"1:	ldxr	%w0, %2\n"
		"	stlxr	%w1, %w3, %2\n"
		"	cbnz	%w1, 1b\n"
		"	dmb	ish\n"
		: "=&r" (old), "=&r" (tmp), "+Q" (v->counter)
		: "r" (new) : "memory");
	return old;
}

/* Generic bitops are atomic_long_{or,andnot,fetch_or} on the word. */
static inline void set_bit(long nr, volatile unsigned long *addr)
{
	unsigned long mask = 1UL << (nr % 64), result, tmp;

	__asm__ __volatile__(
		"	prfm	pstl1strm, %2\n"
		"1:	ldxr	%0, %2\n"
		"	orr	%0, %0, %3\n"
		"	stxr	%w1, %0, %2\n"
		"	cbnz	%w1, 1b\n"
		: "=&r" (result), "=&r" (tmp), "+Q" (addr[nr / 64])
		: "r" (mask));
}

static inline void clear_bit(long nr, volatile unsigned long *addr)
{
	unsigned long mask = 1UL << (nr % 64), result, tmp;

	__asm__ __volatile__(
		"	prfm	pstl1strm, %2\n"
		"1:	ldxr	%0, %2\n"
		"	bic	%0, %0, %3\n"
		"	stxr	%w1, %0, %2\n"
		"	cbnz	%w1, 1b\n"
		: "=&r" (result), "=&r" (tmp), "+Q" (addr[nr / 64])
		: "r" (mask));
}

static inline int test_and_set_bit(long nr, volatile unsigned long *addr)
{
	unsigned long mask = 1UL << (nr % 64), old, val, tmp;

	__asm__ __volatile__(
		"	prfm	pstl1strm, %3\n"
		"1:	ldxr	%0, %3\n"
		"	orr	%1, %0, %4\n"
		"	stlxr	%w2, %1, %3\n"
		"	cbnz	%w2, 1b\n"
		"	dmb	ish\n"
		: "=&r" (old), "=&r" (val), "=&r" (tmp), "+Q" (addr[nr / 64])
		: "r" (mask) : "memory");
	return !!(old & mask);
}

#endif /* __ARM_FEATURE_ATOMICS */

/*
 * Built on the ops above exactly as the kernel's generic fallbacks are,
 * so their ordering is the ordering of what they call.
 */
static inline void atomic_inc(atomic_t *v)
{
	atomic_add(1, v);
}

static inline void atomic_dec(atomic_t *v)
{
	atomic_add(-1, v);
}

static inline int atomic_add_return(int i, atomic_t *v)
{
	return atomic_fetch_add(i, v) + i;
}

#endif /* __aarch64__ */

/*
 * Fully ordered: a value-returning RMW acts as smp_mb() before and after,
 * so neither neighbour fence adds anything (mb-redundant-ordered-rmw).
 */
static inline int atomic_inc_return(atomic_t *v)
{
	return atomic_add_return(1, v);
}

/* ---- RCU and address dependencies (identical on every architecture) ---- */

/*
 * Hide a value from the optimiser: the empty asm "computes" var from var,
 * so the compiler no longer knows what it holds (for instance that it
 * equals the address it was just compared with).  Emits no instruction.
 * As include/linux/compiler.h.
 */
#define OPTIMIZER_HIDE_VAR(var)	__asm__ ("" : "=r" (var) : "0" (var))

/*
 * Reader side.  include/linux/rcupdate.h without sparse and lockdep:
 * rcu_dereference() and rcu_access_pointer() are READ_ONCE() of the
 * pointer (the volatile access is all that keeps the compiler from
 * knowing or re-reading the value; the CPU orders the dependent accesses
 * by itself on every architecture but Alpha, which is not implemented
 * here).  rcu_read_lock() is the non-preemptible kernel's: a compiler
 * barrier (with CONFIG_PREEMPT_RCU it is a call that bumps a nesting
 * count, no barrier instruction either).
 */
#define rcu_dereference(p)						\
	({								\
		__typeof__(*(p)) *__rcu_p = READ_ONCE(p);		\
		__rcu_p;						\
	})
#define rcu_access_pointer(p)	rcu_dereference(p)
#define rcu_read_lock()		barrier()
#define rcu_read_unlock()	barrier()

/*
 * Update side: a release store, except that a compile-time NULL is a
 * plain WRITE_ONCE() (nothing to order), as the kernel's macro.
 */
#define rcu_assign_pointer(p, v)					\
	do {								\
		unsigned long __rap_v = (unsigned long)(v);		\
		if (__builtin_constant_p(v) && __rap_v == 0UL)		\
			WRITE_ONCE((p), (__typeof__(p))__rap_v);	\
		else							\
			smp_store_release(&(p), (__typeof__(p))__rap_v); \
	} while (0)

#endif /* KPRIMS_H */
