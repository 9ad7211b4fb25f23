/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_SAMPLE_STACKS_H
#define BENCH_SRC_SAMPLE_STACKS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "php.h"
#include "src/tree/tree.h"

/*
 * Time samples that raise no VM interrupt, for opcache's JIT, whose code loses
 * loop variables at one (src/sample/jit.h): the ticker reads the PHP thread's
 * whole stack itself, copies what names each function it has not seen (a
 * closure may be freed before the request ends), and counts the stack in a
 * call tree of its own. The PHP thread merges that tree into the request's
 * profile when the request ends. The JIT keeps EG(current_execute_data) and
 * each frame's function current at every call and return, as the VM does.
 */

/** How the ticker reads a frame's function and caller (src/sample/ticker.c); false where it cannot. */
typedef bool (*bench_stacks_frame_reader)(pid_t pid, zend_execute_data *ex, zend_function **func, zend_execute_data **prev);
/** Whether a function is an internal one of the thread read (as bench_stacks_new() names it), which lives as long as the thread. */
typedef bool (*bench_stacks_internal_test)(const void *thread, const zend_function *func);

/** What the ticker keeps of one PHP thread's stacks: its tree, its scratch, the copies of what names its functions. */
typedef struct bench_stacks_state bench_stacks_state;

/**
 * Whether size bytes at address lie in Zend MM's first chunk (0: none known),
 * which stays mapped until the process ends: the ticker reads there in place.
 */
static zend_always_inline bool bench_stacks_in_chunk(uintptr_t chunk, const void *address, size_t size)
{
	return chunk && (uintptr_t) address - chunk <= ZEND_MM_CHUNK_SIZE - size;
}

/**
 * What the ticker uses for every thread (MINIT): the address of the address
 * of Zend MM's first chunk (0 for none: src/sample/sample_private.h), and the
 * two functions above.
 */
void bench_stacks_init(const uintptr_t *main_chunk, bench_stacks_frame_reader read_frame, bench_stacks_internal_test is_internal);

/**
 * The state of one PHP thread (its first request read under the JIT): the
 * address of its EG(current_execute_data), of its frameless call running
 * (NULL before 8.4), and what is_internal() is told of it; NULL without memory.
 */
bench_stacks_state *bench_stacks_new(zend_execute_data **current_frame, const uint32_t *frameless_running, const void *thread);

/**
 * Empties the tree and starts recording for request (PHP thread, at the
 * request's start or when a JIT is turned on in it); false when memory ran out.
 */
bool bench_stacks_begin(bench_stacks_state *s, uint32_t request, uint32_t max_depth);

/** Stops recording and waits until the ticker has left a stack it is reading (PHP thread). */
void bench_stacks_stop(bench_stacks_state *s);

/**
 * Around a fork (the forking thread): the ticker leaves the tree alone, so
 * that the child gets it whole; bench_stacks_resume() in the parent takes
 * what bench_stacks_pause() returned.
 */
uint32_t bench_stacks_pause(bench_stacks_state *s);
void bench_stacks_resume(bench_stacks_state *s, uint32_t request);

/** In a forked child, whose ticker did not survive the fork: records nothing more, and keeps the stacks read before. */
void bench_stacks_forget(bench_stacks_state *s);

/** The ticker: records the stack running now, weighing weight, if the request recording is request. */
void bench_stacks_tick(bench_stacks_state *s, pid_t pid, uint32_t request, int64_t weight);

/**
 * Adds the tree to p (PHP thread, after bench_stacks_stop()): each path's
 * samples and weight in counter, and the paths folded once the tree was
 * full in p->folded_nodes. Returns the samples; truncated gets the stacks
 * cut at bench.max_depth.
 */
uint64_t bench_stacks_merge(bench_stacks_state *s, bench_profile_state *p, int counter, uint64_t *truncated);

/** Ticks dropped in this process because the stack changed while the ticker read it, or could not be read. */
uint64_t bench_stacks_dropped(void);

/** Frees a thread's state (NULL: none), once the ticker reads it no more. */
void bench_stacks_free(bench_stacks_state *s);

#endif /* BENCH_SRC_SAMPLE_STACKS_H */
