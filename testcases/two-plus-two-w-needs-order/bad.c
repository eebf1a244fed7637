// SPDX-License-Identifier: GPL-2.0
/*
 * two-plus-two-w-needs-order: two sides store 'x' and 'y' in opposite
 * orders, one with smp_wmb() between, the other with nothing (or a
 * barrier of the wrong kind): each side's first store can be the one
 * that lasts (herd7, LKMM: 2+2W+po+wmb allowed; the LKMM forbids it only
 * with full barriers or fully ordered RMWs on both sides).
 */
#include <ordercheck/linux.h>

int w_x, w_y;

void w_ordered(void)
{
	WRITE_ONCE(w_x, 1); // expect-note[two-plus-two-w-needs-order] {{w_ordered() stores 'w_x' here}}
	smp_wmb(); // expect-note[two-plus-two-w-needs-order] {{ordered by smp_wmb() here}}
	WRITE_ONCE(w_y, 2); // expect-note[two-plus-two-w-needs-order] {{then stores 'w_y' here}}
}

void w_unordered(void)
{
	WRITE_ONCE(w_y, 1); // expect-note[two-plus-two-w-needs-order] {{w_unordered() stores 'w_y' here}}
	WRITE_ONCE(w_x, 2); // expect-remark[two-plus-two-w-needs-order] {{the stores to 'w_y' and 'w_x' are ordered with nothing, and w_ordered() stores them in the other order with smp_wmb(): each side's first store can be the one that lasts (herd7: 2+2W+po+wmb is allowed); use smp_mb() between in w_unordered() and smp_mb() between in w_ordered()}} expect-note[two-plus-two-w-needs-order] {{then stores 'w_x' here}}
}

int v_x, v_y;

void v_ordered(void)
{
	WRITE_ONCE(v_x, 1); // expect-note[two-plus-two-w-needs-order] {{v_ordered() stores 'v_x' here}}
	smp_store_release(&v_y, 2); // expect-note[two-plus-two-w-needs-order] {{then stores 'v_y' here}}
}

void v_wrong(void)
{
	WRITE_ONCE(v_y, 1); // expect-note[two-plus-two-w-needs-order] {{v_wrong() stores 'v_y' here}}
	smp_rmb(); // expect-remark[two-plus-two-w-needs-order] {{the stores to 'v_y' and 'v_x' are ordered with smp_rmb(), and v_ordered() stores them in the other order with a release (smp_store_release()): each side's first store can be the one that lasts (herd7: 2+2W+rmb+release is allowed); use smp_mb() between in v_wrong() and smp_mb() between in v_ordered()}} expect-note[two-plus-two-w-needs-order] {{smp_rmb() here, which does not order them}}
	WRITE_ONCE(v_x, 2); // expect-note[two-plus-two-w-needs-order] {{then stores 'v_x' here}}
}
