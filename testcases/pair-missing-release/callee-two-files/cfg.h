/* SPDX-License-Identifier: GPL-2.0 */
/* The object the three files share. */
#include <ordercheck/linux.h>

struct cfg {
	int data;
	int ready;
};

void cfg_fill(struct cfg *c, int v);

struct job {
	int arg;
	int queued;
};

void job_sync(void);
