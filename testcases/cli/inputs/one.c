// SPDX-License-Identifier: GPL-2.0
#include "shared.h"
void one(struct shared *s) { shared_get(s); }
