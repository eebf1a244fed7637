/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every rule family, once: included by registry.c for the declarations and
 * for the table. A new family is one line here and one file in rules/.
 */
FAMILY(atomics)
FAMILY(ctrl_deps)
FAMILY(addr_deps)
FAMILY(pairs)
FAMILY(publish)
FAMILY(wake)
FAMILY(redundant)
