/* SPDX-License-Identifier: GPL-2.0 */
#include <ordercheck/linux.h>

struct evq {
	int posted;
	long ev;
};

void evq_post(struct evq *q, long ev);
long evq_poll(struct evq *q);
