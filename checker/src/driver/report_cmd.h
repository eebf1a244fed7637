/* SPDX-License-Identifier: GPL-2.0 */
/* "ordercheck report": a page from an earlier run's json output. */
#ifndef ORDERCHECK_REPORT_CMD_H
#define ORDERCHECK_REPORT_CMD_H

/*
 * The main() of "ordercheck report --from-json FILE [-o OUT]": 0, or 2
 * after saying why. Relative paths in FILE are read below @base;
 * rule pages are linked below @default_rule_docs unless --rule-docs.
 */
int report_cmd_main(int argc, char **argv, const char *base,
		    const char *default_rule_docs);

#endif
