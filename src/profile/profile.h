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
#include "src/tree/tree.h"

/** Parses bench.owners; false (with a startup warning) when it is invalid. */
bool bench_profile_parse_owners(const char *rules);

/** Whether fn owns cost under bench.owners: the observer hooks only owners. */
bool bench_profile_is_owner(const zend_function *fn);

/** What bench.start selects. */
typedef enum {
	BENCH_START_REQUEST = 0,
	BENCH_START_TRIGGER,
	BENCH_START_API,
} bench_start_when;

/** Whether this request is profiled from its start: bench.start=request, or a trigger that matches. */
bool bench_profile_starts_with_request(void);

/** How many requests of this process gave a BENCH_TRIGGER that is not bench.trigger_secret. */
zend_long bench_profile_refused_triggers(void);

/**
 * Empties the call tree down to its root ({request}) and notes the script,
 * for a profile or a sampled request about to begin; false when memory ran out.
 */
bool bench_profile_begin_tree(bench_profile_state *p);

/** Starts this request's profile at the request's start (RINIT). */
void bench_profile_rinit(void);

/**
 * Ends the request's profile: charges what is left, writes the profile file
 * and the report (RSHUTDOWN, before the allocation handlers come off).
 */
void bench_profile_rshutdown(void);

/** Frees what the last profile kept (MSHUTDOWN). */
void bench_profile_mshutdown(void);

/** Frees this thread's profile: a thread of a thread-safe PHP ends, or the process. */
void bench_profile_thread_free(void);

/** Worker mode (bench_request_begin()): writes the running profile and starts one for a handled request; false when none could start. */
bool bench_profile_handle_begin(const char *uri, const char *method);

/** Worker mode (bench_request_end()): ends the handled request's profile with its status and writes it; false when none ran. */
bool bench_profile_handle_end(int status);

/** Enters an owner frame (observer begin). */
void bench_profile_enter(zend_execute_data *execute_data);

/** Leaves the innermost owner frame (observer end). */
void bench_profile_leave(void);

/** Takes the run-time cache slots where bench keeps each user function's identity and last node (MINIT, with the observer). */
void bench_profile_minit_identities(void);

/** Takes the reserved slot of fiber contexts where a fiber's shadow stack is kept (MINIT). */
void bench_profile_minit_fibers(void);

/** A fiber starts: it has no shadow stack yet. */
void bench_profile_fiber_init(zend_fiber_context *context);

/**
 * Control moves from one fiber (or {main}) to another: the running stack is
 * kept with the context it leaves, and the one it enters is restored; a
 * fiber entered for the first time starts under the frame that started it.
 */
void bench_profile_fiber_switch(zend_fiber_context *from, zend_fiber_context *to);

/** A fiber is gone: its kept stack is freed. */
void bench_profile_fiber_destroy(zend_fiber_context *context);

#endif /* BENCH_SRC_PROFILE_H */
