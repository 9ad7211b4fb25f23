/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_PROFILE_OWNERS_H
#define BENCH_SRC_PROFILE_OWNERS_H

#include <stdbool.h>
#include "src/lib/visibility.h"

/**
 * Whether the owners are every user function and no internal one
 * (bench.owners=user, the default): the hooks' fast path then needs no rule.
 * Set by bench_profile_parse_owners() (src/profile/profile.h), at startup.
 */
extern bool bench_owners_user_only BENCH_HIDDEN;

/** Forgets the rules (MSHUTDOWN, and before new ones are parsed). */
void bench_profile_free_owners(void);

#endif /* BENCH_SRC_PROFILE_OWNERS_H */
