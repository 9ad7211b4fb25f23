/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_PROFILE_H
#define BENCH_SRC_PROFILE_H

#include "php.h"

/** Parses bench.owners; false (with a startup warning) when it is invalid. */
bool bench_profile_parse_owners(const char *rules);

/** Whether fn owns cost under bench.owners: the observer hooks only owners. */
bool bench_profile_is_owner(const zend_function *fn);

/** Starts this request's profile (RINIT, bench.mode=profile). */
void bench_profile_rinit(void);

/**
 * Ends the request's profile: charges what is left, writes the profile file
 * and the report (RSHUTDOWN, before the allocation handlers come off).
 */
void bench_profile_rshutdown(void);

/** Frees what the last profile kept (MSHUTDOWN). */
void bench_profile_mshutdown(void);

/** Enters an owner frame (observer begin). */
void bench_profile_enter(zend_execute_data *execute_data);

/** Leaves the innermost owner frame (observer end). */
void bench_profile_leave(void);

/** Profiles written and dropped by this process, for bench_info(). */
void bench_profile_stats(zend_long *written, zend_long *dropped);

#endif /* BENCH_SRC_PROFILE_H */
