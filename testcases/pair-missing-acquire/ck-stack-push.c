// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, Concurrency Kit: two pushers of a lockless stack
 * each link their own entry, the one they publish at the head, so one's
 * store of 'next' cannot overwrite the other's (ck_stack.h's
 * ck_stack_push_upmc() and ck_stack_push_mpnc(), as the checker read the
 * installed header). A function that swings the head and then links an
 * entry it did not publish still pairs.
 */
#include <ck_pr.h>
#include <stddef.h>

struct entry {
	struct entry *next;
	int val;
};

struct stack {
	struct entry *head;
};

/* ck_stack_push_upmc(): link, fence, swing the head to the entry */
void push_upmc(struct stack *target, struct entry *entry)
{
	struct entry *stack;

	stack = ck_pr_load_ptr(&target->head);
	entry->next = stack; // expect-note {{push_upmc() stores 'entry.next' here}}
	ck_pr_fence_store(); // expect-note[pair-missing-acquire] {{ordered by ck_pr_fence_store() here}}
	while (ck_pr_cas_ptr_value(&target->head, stack, entry, &stack) == // expect-note[pair-missing-acquire] {{then stores 'stack.head' here}}
	       false) {
		entry->next = stack;
		ck_pr_fence_store();
	}
}

/* ck_stack_push_mpnc(): swing the head first, then link its own entry */
void push_mpnc(struct stack *target, struct entry *entry)
{
	struct entry *stack;

	entry->next = NULL;
	ck_pr_fence_store_atomic();
	stack = ck_pr_fas_ptr(&target->head, entry);
	ck_pr_store_ptr(&entry->next, stack);
	ck_pr_fence_store();
}

/* ck_stack_pop_upmc(): the readers */
struct entry *pop_upmc(struct stack *target)
{
	struct entry *entry, *next;

	entry = ck_pr_load_ptr(&target->head);
	if (entry == NULL)
		return NULL;
	ck_pr_fence_load();
	next = entry->next;
	while (ck_pr_cas_ptr_value(&target->head, entry, next, &entry) ==
	       false) {
		if (entry == NULL)
			break;
		ck_pr_fence_load();
		next = entry->next;
	}
	return entry;
}

/* links another entry than the one it published */
void bad_link_other(struct stack *target, struct entry *n,
		    struct entry *other)
{
	struct entry *old;

	old = ck_pr_fas_ptr(&target->head, n); // expect-note {{reads 'stack.head' here}}
	ck_pr_store_ptr(&other->next, old); // expect-warning[pair-missing-acquire] {{'entry.next' is stored after 'stack.head' is read}} expect-note {{then stores}}
}
