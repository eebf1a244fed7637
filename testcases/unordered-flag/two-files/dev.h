/* SPDX-License-Identifier: GPL-2.0 */
#include <ordercheck/linux.h>

struct fw {
	long base;
	int loaded;
};

void fw_load(struct fw *f, long base);
long fw_base(struct fw *f);
