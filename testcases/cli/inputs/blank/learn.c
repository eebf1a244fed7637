// SPDX-License-Identifier: GPL-2.0
#include "blank.h"
int learn(int x) { return x; }
