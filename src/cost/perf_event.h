/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_COST_PERF_EVENT_H
#define BENCH_SRC_COST_PERF_EVENT_H

#include <stdint.h>
#include <stdbool.h>

/** Hardware counters that bench reads. */
typedef enum {
	BENCH_PERF_INSTRUCTIONS = 0,
	BENCH_PERF_CYCLES,
	BENCH_PERF_COUNT
} bench_perf_counter;

/**
 * Opens the user-space instruction and cycle counters of the calling thread,
 * once per process: again in a forked child, whose inherited descriptors count
 * the parent. Failure is remembered with its reason, not retried.
 */
void bench_perf_open(void);

/** Closes the counters (MSHUTDOWN). */
void bench_perf_close(void);

/** Whether the counters are open; if not, *reason says why. */
bool bench_perf_available(const char **reason);

/** Whether this build has the perf_event backend at all (Linux only). */
bool bench_perf_compiled(void);

/**
 * Reads one counter: with rdpmc through the mmap'd page when the kernel allows
 * it (cap_user_rdpmc), else with read(). Returns 0 when unavailable.
 */
uint64_t bench_perf_read(bench_perf_counter counter);

#endif /* BENCH_SRC_COST_PERF_EVENT_H */
