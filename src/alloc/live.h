/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_ALLOC_LIVE_H
#define BENCH_SRC_ALLOC_LIVE_H

#include "php.h"
#include "alloc.h"
#include "src/profile/profile_private.h"

/*
 * bench.track_live=1 in profile mode: every allocation made while a profile
 * runs remembers its owner (the innermost owner on the shadow stack) and its
 * size until it is freed. When the profile ends, each node gets:
 *
 * - live_allocs, live_bytes: its allocations still unfreed then. At a
 *   request's end that is after shutdown functions, destructors and every
 *   module's RSHUTDOWN: what only the executor's teardown (global and static
 *   variables, static properties, classes) and the heap's reset reclaim, and
 *   what a long-running process would keep. At bench_stop(): what the job
 *   since bench_start() left behind.
 * - cleanup_allocs, cleanup_bytes: its allocations made before the request's
 *   shutdown began and freed during it, before bench's request end (shutdown
 *   functions, destructors at shutdown, other extensions' RSHUTDOWN).
 * - gc_allocs, gc_bytes: its allocations freed while the cycle collector ran.
 * - peak_bytes: its live bytes at the moment when the live bytes of all the
 *   profile's blocks were highest (the first such moment).
 */

/** The full counting handlers of alloc.c, which the live set wraps. */
typedef struct {
	bench_mm_malloc_fn malloc;
	bench_mm_free_fn free;
	bench_mm_realloc_fn realloc;
} bench_alloc_handlers;

extern const bench_alloc_handlers bench_alloc_full_handlers;

/** The live set: the full handlers, plus each block's owner and size. */
void *bench_live_malloc(size_t size BENCH_MM_DC);
void bench_live_free(void *ptr BENCH_MM_DC);
void *bench_live_realloc(void *ptr, size_t size BENCH_MM_DC);

/** Wraps the cycle collector to count its runs and what it frees (MINIT, bench.track_live=1). */
void bench_live_minit(void);

/** Puts the cycle collector back and frees the table (MSHUTDOWN). */
void bench_live_mshutdown(void);

/**
 * Warns when the finished profile's live counts are too low (the table could
 * not grow). Called once the profile is written or returned: the warning may
 * run a user error handler, which may call bench_start().
 */
void bench_live_say_incomplete(const bench_profile_state *p);

/** A profile starts: nothing of it is live yet. */
void bench_live_begin(bench_profile_state *p);

/**
 * The profile ends: sets its nodes' live counters and totals, and forgets
 * its blocks (whose frees then count nowhere).
 */
void bench_live_finish(bench_profile_state *p);

#endif /* BENCH_SRC_ALLOC_LIVE_H */
