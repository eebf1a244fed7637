/* SPDX-License-Identifier: GPL-2.0 */
struct entry {
	struct list_head node;
	int key;
	unsigned long stamp;
};

struct table {
	struct list_head head;
};
