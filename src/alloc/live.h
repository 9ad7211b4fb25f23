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
#include "src/tree/tree.h"

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

/** A block allocated while the profile ran and not freed since. */
typedef struct {
	/** its address; 0: an empty slot */
	uintptr_t ptr;
	/** the size asked for, as alloc_bytes counts it */
	size_t size;
	/** the node that was the innermost owner when it was allocated */
	uint32_t node;
	/** whether it was allocated after the request's shutdown began (its free is no cleanup) */
	bool in_shutdown;
	/** whether it was allocated while the cycle collector ran (its free is not what the collector collected) */
	bool in_gc;
} bench_live_block;

/** The blocks of the running profile: open addressing, linear probing, at most half full. */
typedef struct {
	bench_live_block *blocks;
	/** slots, a power of two (0 before the first block); shift: 64 - log2(size) */
	size_t size, used;
	int shift;
	/** memory ran out: blocks allocated since are not tracked, and the counts say too little */
	bool failed;
	/** whether the cycle collector is running */
	bool in_gc;
	/**
	 * The peak: per node, the bytes of its live blocks now (live) and at the
	 * highest total so far (at_peak), for nodes_size nodes. A node whose live
	 * bytes moved since the peak is dirty, listed once in dirty: a new peak
	 * copies only those, so each block costs a constant, and the figures are exact.
	 */
	int64_t *live, *at_peak;
	uint32_t *dirty;
	bool *is_dirty;
	uint32_t nodes_size, dirty_used;
	int64_t total, peak;
} bench_live_table;

/** Sample mode's sampled allocations not freed yet (for pprof's inuse_*). */
extern TSRM_TLS bench_live_table bench_live_sampled;

/**
 * How many of them start in each 4 KiB page, pages folded modulo 1,024: a
 * free looks for its block in the table only where one may be, so the
 * allocations of a page with no sampled block pay a load and a test.
 */
#define BENCH_LIVE_SAMPLED_PAGES 1024
extern TSRM_TLS uint32_t bench_live_sampled_pages[BENCH_LIVE_SAMPLED_PAGES];

static zend_always_inline uint32_t *bench_live_sampled_page(const void *ptr)
{
	return &bench_live_sampled_pages[((uintptr_t) ptr >> 12) & (BENCH_LIVE_SAMPLED_PAGES - 1)];
}

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

/** Frees this thread's tables: a thread of a thread-safe PHP ends, or the process. */
void bench_live_thread_free(void);

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

/**
 * Sample mode: an allocation that was sampled (ptr, of size bytes, at node)
 * is remembered until it is freed.
 */
void bench_live_sampled_add(void *ptr, size_t size, uint32_t node);

/** A block is freed or moved: forgotten if it was sampled. */
void bench_live_sampled_drop(void *ptr);

/** Whether a sampled block may start in ptr's page: only then need a free look for it. */
static zend_always_inline bool bench_live_sampled_near(const void *ptr)
{
	return *bench_live_sampled_page(ptr) != 0;
}

/** For the allocation handlers' less frequent paths. */
static zend_always_inline void bench_live_sampled_free(void *ptr)
{
	if (UNEXPECTED(bench_live_sampled_near(ptr))) {
		bench_live_sampled_drop(ptr);
	}
}

/**
 * Forgets the sampled blocks without counting them: a request whose profile
 * was dropped midway (their nodes mean nothing to the next one).
 */
void bench_live_sampled_discard(void);

/**
 * The sampled request ends: each sampled block still live counts toward its
 * node's live_allocs and live_bytes with the weights of its sample
 * (bench_alloc_sample_weights()), and the table is emptied.
 */
void bench_live_sampled_finish(bench_profile_state *p, size_t mean);

#endif /* BENCH_SRC_ALLOC_LIVE_H */
