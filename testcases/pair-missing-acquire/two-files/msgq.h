/* SPDX-License-Identifier: GPL-2.0 */
/* The object both files share: the pairing joins on its fields. */
#include <ordercheck/linux.h>

struct msgq {
	int len;
	int seq;
};

void msgq_post(struct msgq *q, int len);
int msgq_peek(struct msgq *q, int *len);
