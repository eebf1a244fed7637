/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ordercheck's own files, found relative to the binary: the model header,
 * the Coccinelle rules, the rule pages. No path of the build machine is
 * baked in, so an install works with the clone gone, and a build tree
 * (which lays out the same tree, its entries linking into the sources)
 * works without installing.
 */
#ifndef ORDERCHECK_DATADIR_H
#define ORDERCHECK_DATADIR_H

enum data_kind {
	DATA_INCLUDE, /* the model headers: <ordercheck/linux.h> */
	DATA_COCCI, /* the .cocci rules, for --with-cocci */
	DATA_RULE_PAGES, /* <rule-id>/README.md, for the html report */
	DATA_KINDS
};

/*
 * The absolute directory of @kind, or NULL if this binary has none (copied
 * away from its share/ordercheck). Found once per process.
 */
const char *datadir_path(enum data_kind kind);

#endif
