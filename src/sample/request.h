/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_SAMPLE_REQUEST_H
#define BENCH_SRC_SAMPLE_REQUEST_H

#include <stdbool.h>
#include <stdint.h>

struct _zend_execute_data;
struct bench_sample_slot;

/*
 * The request being sampled, one per PHP thread (in bench's module globals,
 * php_bench.h): the PHP thread's own, and its timer signal handler's.
 */
typedef struct {
	/** time samples taken */
	uint64_t samples;
	/** this thread's CPU time at the last sample (bench.sample_clock=cpu) */
	int64_t last_cpu_ns;
	/** frames of the stack being recorded, innermost first */
	struct _zend_execute_data **frames;
	/** how many frames fit (malloc'd on first use, freed with the thread's globals) */
	uint32_t frames_size;
	/** samples whose stack was cut under {truncated} */
	uint64_t truncated;
	/** the xorshift64* state of the draws: 0 until seeded, and again in a forked child */
	uint64_t rng;
	/** allocation samples taken */
	uint64_t alloc_samples;
	/** what this thread shares with the ticker (src/sample/sample_private.h); NULL until its first sampled request */
	struct bench_sample_slot *slot;
	/** whether this request's CPU samples come from the timer signal (bench.sample_signal) */
	bool by_signal;
} bench_sample_request;

/** Frees what the thread's sample state holds, and gives its slot back (its globals' destructor). */
void bench_sample_gshutdown(bench_sample_request *request);

#endif /* BENCH_SRC_SAMPLE_REQUEST_H */
