// SPDX-License-Identifier: GPL-2.0-only
/// An object made reachable to lockless readers (an RCU list or hash
/// chain insertion, rcu_assign_pointer(), smp_store_release() or
/// llist_add() of its pointer) and then still initialised by the same
/// function: a store to one of its fields, refcount_set(), atomic_set().
/// A reader that finds the object between the two sees the field as it
/// was before. Initialise the object before publishing it.
///
/// The first such store after each publication is reported, on paths
/// that do not take the object off the list again (list_del_rcu()).
///
//# Not reported, on purpose: WRITE_ONCE() after the publication (the
//# writer expects readers to race; the checker makes it a remark);
//# cmpxchg() and xchg() publications (their failure paths keep the
//# object private: the checker follows the branch on the result); plain
//# list_add(), which is no lockless publication; a store after a lock
//# taken after the publication (an update readers serialise with); the
//# ->prev and ->pprev of a list node (RCU readers follow ->next only); a
//# store in a block that unwinds with a goto (an error path).
//# Known limits: the checker also sees stores made by a callee of the
//# same file (init_foo(obj)) and publications made by one, and stores
//# written inside a macro of the user's; this rule sees neither. A field
//# no reader looks at is reported all the same: check the readers.
//
// Confidence: Moderate
// Copyright: (C) 2026 The ordercheck developers
// Options: --no-includes --include-headers
// Tokens: (h?list|hlist_nulls)_add_(head|tail|behind|before)_rcu|list_add_rcu|llist_add|rcu_assign_pointer|smp_store_release
// Let OBJ: \w++(?:(?:->|\.)\w++)*
// Let FLD: (?:->|(\[(?:[^\[\]]++|(?-1))*\])\s*\.)\s*\w+
// Let PUB: \b(?:(?:h?list|hlist_nulls)_add_(?:head|tail|behind|before)_rcu|list_add_rcu|llist_add)\s*\(\s*(?:&\s*(?<k><<OBJ>>)\s*<<FLD>>\s*,|&(?<k>)(?=(?:[^,;()]|<<ARGS>>)*?(?:->|\]\s*\.)\s*\w+\s*,)|(?=\())
// Let ASSIGN: \b(?:rcu_assign_pointer|smp_store_release)\s*\((?:[^;()]|<<ARGS>>)*?,\s*(?:(?<k><<OBJ>>)\s*\)\s*;|(?<k>))
// Let STORE: \b(?<k><<OBJ>>)\s*<<FLD>>\s*=(?!=)|\b(?:refcount|atomic)_set\s*\(\s*&\s*(?<k><<OBJ>>)\s*<<FLD>>|[)\]]\s*(?<k>)<<FLD>>\s*=(?!=)|\b(?:refcount|atomic)_set\s*\(\s*&(?!\s*<<OBJ>>\s*<<FLD>>\s*,)(?<k>)
// Require-after: <<PUB>>|<<ASSIGN>> &&& <<STORE>>
// Scope: function
// Keywords: list_add_rcu, rcu_assign_pointer, refcount_set, publish-then-init

virtual patch
virtual context
virtual org
virtual report

// stores on an error path that unwinds with a goto: not initialisation
@unw depends on !patch@
expression E, obj, v;
identifier g, lbl;
position q;
@@

if (E) {
  ...
(
  obj->g@q = v;
|
  refcount_set@q(&obj->g, v);
|
  atomic_set@q(&obj->g, v);
)
  ...
  goto lbl;
}

@r depends on !patch exists@
expression obj, head, e, v, v2, h2, l;
identifier f, g2;
// ->prev and ->pprev are the updater's: RCU readers follow ->next
identifier g != {prev, pprev};
position p != unw.q;
@@

(
 list_add_rcu(&obj->f, head);
|
 list_add_tail_rcu(&obj->f, head);
|
 hlist_add_head_rcu(&obj->f, head);
|
 hlist_add_tail_rcu(&obj->f, head);
|
 hlist_add_behind_rcu(&obj->f, head);
|
 hlist_add_before_rcu(&obj->f, head);
|
 hlist_nulls_add_head_rcu(&obj->f, head);
|
 hlist_nulls_add_tail_rcu(&obj->f, head);
|
 llist_add(&obj->f, head);
|
 rcu_assign_pointer(e, obj);
|
 smp_store_release(e, obj);
)
 ... when != list_del_rcu(&obj->f)
     when != hlist_del_rcu(&obj->f)
     when != hlist_del_init_rcu(&obj->f)
     when != hlist_nulls_del_rcu(&obj->f)
     when != obj = h2
     when != obj->g2 = v2
     when != refcount_set(&obj->g2, v2)
     when != atomic_set(&obj->g2, v2)
     when != WRITE_ONCE(obj->g2, v2)
     when != spin_lock(l)
     when != spin_lock_bh(l)
     when != spin_lock_irq(l)
     when != spin_lock_irqsave(l, ...)
     when != mutex_lock(l)
(
* obj->g@p = v;
|
* refcount_set@p(&obj->g, v);
|
* atomic_set@p(&obj->g, v);
)

@script:python depends on org@
p << r.p;
obj << r.obj;
@@

cocci.print_main("WARNING: a field of '%s' is initialised after '%s' was published to lockless readers; initialise it before publishing [publish-then-init]" % (obj, obj), p)

@script:python depends on report@
p << r.p;
obj << r.obj;
@@

coccilib.report.print_report(p[0], "WARNING: a field of '%s' is initialised after '%s' was published to lockless readers; initialise it before publishing [publish-then-init]" % (obj, obj))
