/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Objects: whether two fields of one struct type that a function accesses
 * are of one object or of two, from the paths to them (events.h's base):
 * "ht" and "ht" one, "r.prod" and "r.cons" two, anything else unknown.
 */
#ifndef ORDERCHECK_PAIRS_OBJECTS_H
#define ORDERCHECK_PAIRS_OBJECTS_H

enum obj_rel {
	OBJ_UNKNOWN,
	OBJ_SAME, /* the same path, with no element of unknown index */
	OBJ_DISTINCT, /* one root, then two different members or indexes */
};

enum obj_rel objects_relation(const char *a, const char *b);

/*
 * Two sides of a shape on fields of one struct type cannot meet where
 * one side accesses them in one object and the other in two.
 */
static inline int objects_exclude(enum obj_rel a, enum obj_rel b)
{
	return (a == OBJ_SAME && b == OBJ_DISTINCT) ||
	       (a == OBJ_DISTINCT && b == OBJ_SAME);
}

#endif
