/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_ALLOC_H
#define BENCH_SRC_ALLOC_H

#include <math.h>
#include <stdint.h>
#include "php.h"
#include "src/cost/cost.h"

/*
 * The handlers' signature: PHP 8.4 added the (debug-only) file and line
 * arguments to Zend MM's custom handlers.
 */
#if PHP_VERSION_ID >= 80400
# define BENCH_MM_DC ZEND_FILE_LINE_DC ZEND_FILE_LINE_ORIG_DC
# define BENCH_MM_CC ZEND_FILE_LINE_RELAY_CC ZEND_FILE_LINE_ORIG_RELAY_CC
#else
# define BENCH_MM_DC
# define BENCH_MM_CC
#endif

typedef void *(*bench_mm_malloc_fn)(size_t BENCH_MM_DC);
typedef void  (*bench_mm_free_fn)(void * BENCH_MM_DC);
typedef void *(*bench_mm_realloc_fn)(void *, size_t BENCH_MM_DC);
#if PHP_VERSION_ID >= 80400
typedef size_t (*bench_mm_gc_fn)(void);
typedef void   (*bench_mm_shutdown_fn)(bool, bool);
#endif

/** Running totals of the allocations made while the handlers were on. */
typedef struct {
	/** emalloc-family calls, a realloc counting as one */
	uint64_t allocs;
	/** bytes requested by them */
	uint64_t alloc_bytes;
	/** efree calls, and reallocs of an existing block */
	uint64_t frees;
	/** size of the freed blocks as the allocator reports it */
	uint64_t freed_bytes;
} bench_alloc_tally;

/** The allocator hooks of one request. */
typedef struct {
	bench_alloc_tally tally;
	/**
	 * The own costs (indexed by bench_counter) that the full handlers charge
	 * each allocation and free to as well, as it happens: the innermost
	 * owner's while a profile runs (its hooks point it there), which spares
	 * them reading and charging the tallies on every call; unowned otherwise.
	 * Never NULL once the globals are made.
	 */
	int64_t *owner;
	int64_t unowned[BENCH_COUNTER_COUNT];
	/** the heap our handlers are set on */
	zend_mm_heap *heap;
	/** handlers that were on the heap before ours; NULL: Zend MM itself */
	bench_mm_malloc_fn prev_malloc;
	bench_mm_free_fn prev_free;
	bench_mm_realloc_fn prev_realloc;
#if PHP_VERSION_ID >= 80400
	bench_mm_gc_fn prev_gc;
	bench_mm_shutdown_fn prev_shutdown;
#endif
	/** how many users (measurements, request-wide counting) need the handlers */
	uint32_t users;
	/** whether our handlers are on the heap */
	bool installed;
	/** whether counting goes on until the end of the request */
	bool request_wide;
	/** whether forwarding may clear the heap's custom flag (checked at install) */
	bool flip_flag;
	/** whether freed_bytes can be known (Zend MM or libc malloc below us) */
	bool freed_size_known;
	/** whether the heap was Zend MM's own when the request started */
	bool heap_is_zend_mm;
	/** set at RSHUTDOWN: user code that still runs (a session save handler) counts nothing request-wide */
	bool request_over;
	/** whether allocations update peak (while a measurement runs) */
	bool track_peak;
	/** highest Zend MM usage seen since the last measurement began */
	size_t peak;
	/** the measurements running (a bit each: bench_alloc_peak_begin()'s handles) */
	uint64_t peaks_running;
	/** for each running measurement, the highest usage it saw up to the last begin (peak holds the rest) */
	size_t peaks[64];
	/** sample mode: called when an allocation uses up sample_left bytes (NULL: no sampling) */
	void (*sampler)(void *ptr, size_t size);
	int64_t sample_left;
} bench_alloc_state;

/** Points the new globals' owner at their unowned counters. */
void bench_alloc_ginit(bench_alloc_state *s);

/** Resets the tallies; installs the handlers for the whole request when request_wide. */
void bench_alloc_rinit(bool request_wide);

/** Removes the handlers if they are still ours, whatever the number of users. */
void bench_alloc_rshutdown(void);

/**
 * After every module's RSHUTDOWN, before Zend MM shuts the heap down: removes
 * handlers that user code run by a later RSHUTDOWN (a session save handler,
 * say) left behind by a fatal error inside bench_measure().
 */
void bench_alloc_post_deactivate(void);

/** Starts counting (if not yet) and keeps the handlers on until released. */
void bench_alloc_acquire(void);

/** Drops one user; the handlers come off when none is left. */
void bench_alloc_release(void);

/**
 * Starts following the heap's highest usage for one measurement, from its
 * usage now. Measurements may nest or interleave in any order (fibers
 * suspended inside bench_measure()): each sees every allocation made while it
 * runs.
 *
 * @return a handle for bench_alloc_peak_end(); -1 when 64 already run
 */
int bench_alloc_peak_begin(void);

/** Stops following the peak for a measurement; returns the highest usage seen since it began. */
size_t bench_alloc_peak_end(int handle);

/** Keeps counting until the end of the request (bench_counters()). */
void bench_alloc_count_until_rshutdown(void);

/**
 * Calls sampler (once the block is allocated, outside any Zend MM call, with
 * the heap usable) for the allocation that uses up the first `left` bytes,
 * and then whenever the sampler's new sample_left runs out; the handlers stay
 * on for the request.
 */
void bench_alloc_sample_until_rshutdown(void (*sampler)(void *ptr, size_t size), int64_t left);

/**
 * What a sampled allocation of size bytes stands for, sampling once per mean
 * bytes: 1/p allocations and size/p bytes, p = 1 - exp(-size/mean) being the
 * chance that a gap ends inside it.
 */
static zend_always_inline void bench_alloc_sample_weights(size_t size, size_t mean, int64_t *objects, int64_t *bytes)
{
	double chance = -expm1(-(double) size / (double) mean);

	*objects = llround(1.0 / chance);
	*bytes = llround((double) size / chance);
}

#endif /* BENCH_SRC_ALLOC_H */
