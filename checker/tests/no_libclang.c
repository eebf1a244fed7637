// SPDX-License-Identifier: GPL-2.0
/* Compiled without libclang's include directory: these headers need none. */
#include "events/events.h"
#include "events/keys.h"
#include "events/tu.h"
#include "pairs/facts.h"
#include "pairs/litmus.h"
#include "pairs/order.h"
#include "pairs/pairing.h"
#include "rules/rule.h"
#include "vocab/vocab.h"
