/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The memory-order API of liburcu 0.15 for testcases, on top of the
 * installed 0.13 headers (Debian's liburcu-dev), which do not have it.
 * liburcu added it in 0.15.0 ("Add CMM memory model", 2023; ChangeLog
 * 2024-12-20: "Seperate uatomic and uatomic_mo"), not in 0.14. The
 * definitions are 0.15.0's, for a toolchain with the C11 memory model
 * (_CMM_TOOLCHAIN_SUPPORT_C11_MM): enum cmm_memorder and cmm_to_c11()
 * from include/urcu/uatomic.h, the *_mo operations from
 * include/urcu/uatomic/builtins-generic.h, uatomic_load() and
 * uatomic_store() with their optional order from
 * include/urcu/uatomic/api.h. Only the names 0.13 lacks: 0.15 also gives
 * uatomic_read(), uatomic_set() and the RMWs an optional order (left out:
 * 0.13 defines them).
 *
 * Include it after <urcu/uatomic.h>. It lives under a urcu/ directory,
 * as the real header does, so that ordercheck takes its names as urcu's.
 */
#ifndef ORDERCHECK_SHIM_URCU_UATOMIC_MO_H
#define ORDERCHECK_SHIM_URCU_UATOMIC_MO_H

#include <urcu/uatomic.h>

enum cmm_memorder {
	CMM_RELAXED = 0,
	CMM_CONSUME = 1,
	CMM_ACQUIRE = 2,
	CMM_RELEASE = 3,
	CMM_ACQ_REL = 4,
	CMM_SEQ_CST = 5,
	CMM_SEQ_CST_FENCE = 6,
};

static inline void cmm_seq_cst_fence_after_atomic(enum cmm_memorder mo)
{
	switch (mo) {
	case CMM_SEQ_CST_FENCE:
		cmm_smp_mb();
		break;
	default:
		break;
	}
}

static inline int cmm_to_c11(int mo)
{
	if (mo == CMM_SEQ_CST_FENCE)
		return CMM_SEQ_CST;
	return mo;
}

#define cmm_cast_volatile(ptr) ((__typeof__(*(ptr)) volatile *)(ptr))

#define uatomic_store_mo(addr, v, mo)                                    \
	do {                                                             \
		__atomic_store_n(cmm_cast_volatile(addr), v,             \
				 cmm_to_c11(mo));                        \
		cmm_seq_cst_fence_after_atomic(mo);                      \
	} while (0)

#define uatomic_load_mo(addr, mo)                                        \
	__extension__({                                                  \
		__typeof__(*(addr)) _value = __atomic_load_n(            \
			cmm_cast_volatile(addr), cmm_to_c11(mo));        \
		cmm_seq_cst_fence_after_atomic(mo);                      \
		_value;                                                  \
	})

#define uatomic_xchg_mo(addr, v, mo)                                     \
	__extension__({                                                  \
		__typeof__((*addr)) _old = __atomic_exchange_n(          \
			cmm_cast_volatile(addr), v, cmm_to_c11(mo));     \
		cmm_seq_cst_fence_after_atomic(mo);                      \
		_old;                                                    \
	})

#define uatomic_cmpxchg_mo(addr, old, new, mos, mof)                     \
	__extension__({                                                  \
		__typeof__(*(addr)) _old = (__typeof__(*(addr)))old;     \
		if (__atomic_compare_exchange_n(cmm_cast_volatile(addr), \
						&_old, new, 0,           \
						cmm_to_c11(mos),         \
						cmm_to_c11(mof))) {      \
			cmm_seq_cst_fence_after_atomic(mos);             \
		} else {                                                 \
			cmm_seq_cst_fence_after_atomic(mof);             \
		}                                                        \
		_old;                                                    \
	})

#define uatomic_add_return_mo(addr, v, mo)                               \
	__extension__({                                                  \
		__typeof__(*(addr)) _old = __atomic_add_fetch(           \
			cmm_cast_volatile(addr), v, cmm_to_c11(mo));     \
		cmm_seq_cst_fence_after_atomic(mo);                      \
		_old;                                                    \
	})

#define uatomic_sub_return_mo(addr, v, mo)                               \
	__extension__({                                                  \
		__typeof__(*(addr)) _old = __atomic_sub_fetch(           \
			cmm_cast_volatile(addr), v, cmm_to_c11(mo));     \
		cmm_seq_cst_fence_after_atomic(mo);                      \
		_old;                                                    \
	})

#define uatomic_and_mo(addr, mask, mo)                                   \
	do {                                                             \
		(void)__atomic_and_fetch(cmm_cast_volatile(addr), mask,  \
					 cmm_to_c11(mo));                \
		cmm_seq_cst_fence_after_atomic(mo);                      \
	} while (0)

#define uatomic_or_mo(addr, mask, mo)                                    \
	do {                                                             \
		(void)__atomic_or_fetch(cmm_cast_volatile(addr), mask,   \
					cmm_to_c11(mo));                 \
		cmm_seq_cst_fence_after_atomic(mo);                      \
	} while (0)

#define uatomic_add_mo(addr, v, mo) (void)uatomic_add_return_mo(addr, v, mo)
#define uatomic_sub_mo(addr, v, mo) (void)uatomic_sub_return_mo(addr, v, mo)
#define uatomic_inc_mo(addr, mo) uatomic_add_mo(addr, 1, mo)
#define uatomic_dec_mo(addr, mo) uatomic_sub_mo(addr, 1, mo)

/* include/urcu/uatomic/api.h: an optional last argument, the order */
#define _uatomic_select_arg1(arg0, arg1, ...) arg1
#define _uatomic_default_mo(dflt, mo...) _uatomic_select_arg1(_, ##mo, dflt)

#define uatomic_load(addr, mo...) \
	uatomic_load_mo(addr, _uatomic_default_mo(CMM_RELAXED, ##mo))
#define uatomic_store(addr, value, mo...) \
	uatomic_store_mo(addr, value, _uatomic_default_mo(CMM_RELAXED, ##mo))

#endif
