// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-load-load written in the GCC builtins alone (no header): the
 * file is in the gnu dialect, and the advice in its words.
 */
int data, flag;

void post(void)
{
	__atomic_store_n(&data, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&flag, 1, __ATOMIC_RELEASE); // expect-note[ctrl-dep-load-load] {{the writer orders them here}}
}

int take(void)
{
	if (__atomic_load_n(&flag, __ATOMIC_RELAXED)) // expect-note[ctrl-dep-load-load] {{'post()' writes 'data' before 'flag' with __atomic_store_n()}}
		return __atomic_load_n(&data, __ATOMIC_RELAXED); // expect-warning[ctrl-dep-load-load] {{add __atomic_thread_fence(__ATOMIC_ACQUIRE), or use a loop of acquire loads or __atomic_load_n(..., __ATOMIC_ACQUIRE)}}
	return 0;
}
