/* SPDX-License-Identifier: GPL-2.0 */
/* A header with a finding, included by two files: reported once. */
#include <ordercheck/linux.h>

struct shared {
	atomic_t refs;
};

static inline void shared_get(struct shared *s)
{
	atomic_inc(&s->refs);
	smp_mb();
}
