// SPDX-License-Identifier: GPL-2.0
#include "shared.h"
void two(struct shared *s) { shared_get(s); }
