/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_COST_H
#define BENCH_SRC_COST_H

#include <stdint.h>
#include "php.h"

/*
 * The cost vector: every counter bench reads, in the order of the keys of
 * bench_measure()'s metrics; then the counters of profile mode with
 * bench.track_live=1 only (src/alloc/live.h): levels a profile's end takes,
 * not read at an instant. bench_measure() and bench_counters() have none of
 * those, and a profile without live tracking writes none. What bench knows
 * of each counter is its row of bench_counter_info.
 */
typedef enum {
	BENCH_COUNTER_WALL_NS,
	BENCH_COUNTER_CPU_NS,
	BENCH_COUNTER_INSTRUCTIONS,
	BENCH_COUNTER_CYCLES,
	BENCH_COUNTER_ALLOCS,
	BENCH_COUNTER_ALLOC_BYTES,
	BENCH_COUNTER_FREES,
	BENCH_COUNTER_FREED_BYTES,
	BENCH_COUNTER_OPS,
	BENCH_COUNTER_RETAINED_BYTES,
	BENCH_COUNTER_LIVE_ALLOCS,
	BENCH_COUNTER_LIVE_BYTES,
	BENCH_COUNTER_CLEANUP_ALLOCS,
	BENCH_COUNTER_CLEANUP_BYTES,
	BENCH_COUNTER_GC_ALLOCS,
	BENCH_COUNTER_GC_BYTES,
	BENCH_COUNTER_PEAK_BYTES,
	BENCH_COUNTER_COUNT
} bench_counter;

/** What bench knows of a counter, whatever the request: one row of bench_counter_info (bin/bench reads it: bench_internal_counters()). */
typedef struct {
	/** its key in bench_measure()'s metrics, bench_counters() and every profile format */
	const char *name;
	/** what a value counts: "ns", "bytes" or "count" */
	const char *unit;
	/**
	 * whether it repeats exactly from run to run of the same code
	 * (allocations, bytes, opcodes), unlike clocks and hardware counters
	 */
	bool exact;
	/**
	 * whether profile mode attributes it to functions (see
	 * bench_cost_read_fast()): not the CPU clock (a system call) nor retained
	 * bytes (a level, not a running total). The live counters are attributed
	 * too, but set by the profile's end, not charged per interval.
	 */
	bool attributed;
	/** its sample type in pprof (Go's names where Go has one) */
	const char *pprof_type;
} bench_counter_info_t;

/** One row per counter, indexed by bench_counter. */
extern const bench_counter_info_t bench_counter_info[BENCH_COUNTER_COUNT];

/** The counters of the cost vector: those before the live ones. */
#define BENCH_COUNTER_VECTOR_COUNT BENCH_COUNTER_LIVE_ALLOCS

/** Whether counter c is one of bench.track_live's (those after the cost vector). */
#define BENCH_COUNTER_IS_LIVE(c) ((c) >= BENCH_COUNTER_VECTOR_COUNT)

/** The counters read at one instant, or the difference of two such reads. */
typedef struct {
	/** one value per bench_counter; meaningless where the counter is unavailable */
	int64_t value[BENCH_COUNTER_COUNT];
} bench_cost;

/** Interns the counter names used as array keys. */
void bench_cost_minit(void);

/** Opens the hardware counters once per process (again after a fork). */
void bench_cost_rinit(void);

/** Releases the hardware counter descriptors this thread opened (MSHUTDOWN, or the end of a thread-safe PHP's thread). */
void bench_cost_mshutdown(void);

/**
 * Reads every counter at the start of an interval: the cheap, precise counters
 * are read last so that reading the others is not charged to the interval.
 * @param[out] out the counters now
 */
void bench_cost_begin(bench_cost *out);

/**
 * bench_cost_begin() without the CPU clock, a system call that costs 1 to 4 us
 * on a VM: every request of a server pays what RINIT reads. cpu_ns is left as
 * it was.
 * @param[out] out the counters now
 */
void bench_cost_begin_without_cpu(bench_cost *out);

/**
 * Reads every counter at the end of an interval, in the reverse order of
 * bench_cost_begin().
 * @param[out] out the counters now
 */
void bench_cost_end(bench_cost *out);

/**
 * Reads the counters that profile mode attributes per call, with wall_ns in
 * bench_cost_ticks() units; cpu_ns (a system call) and retained_bytes (a
 * level, not a running total) are set to 0.
 * @param[out] out the counters now
 */
void bench_cost_read_fast(bench_cost *out);

/** Whether the time stamp counter is invariant here (set by bench_cost_minit_ticks()). */
extern bool bench_cost_use_tsc;

/** CLOCK_MONOTONIC in ns. */
int64_t bench_cost_monotonic_ns(void);

/**
 * A cheap, monotonic time stamp for profile mode's hooks: the CPU's time
 * stamp counter where it is invariant (x86-64 with constant_tsc and
 * nonstop_tsc), else CLOCK_MONOTONIC in ns. Converted to ns per request.
 */
static zend_always_inline uint64_t bench_cost_ticks(void)
{
#if defined(__x86_64__)
	if (EXPECTED(bench_cost_use_tsc)) {
		uint32_t low, high;
		__asm__ volatile("rdtsc" : "=a"(low), "=d"(high));
		return ((uint64_t) high << 32) | low;
	}
#endif
	return (uint64_t) bench_cost_monotonic_ns();
}

/** Checks once per process whether the time stamp counter can be used. */
void bench_cost_minit_ticks(void);

/** Whether profile mode attributes counter c to functions (bench_counter_info_t.attributed). */
static zend_always_inline bool bench_cost_attributed(bench_counter c)
{
	return bench_counter_info[c].attributed;
}

/** Zeroes the counters that are not attributed. */
void bench_cost_keep_attributed(bench_cost *cost);

/** out = end - start, counter by counter. */
void bench_cost_sub(bench_cost *out, const bench_cost *end, const bench_cost *start);

/**
 * Whether counter c has a value in this request. When it has not, *reason (if
 * reason is not NULL) says why, in words meant for the user.
 */
bool bench_cost_available(bench_counter c, const char **reason);

/**
 * Fills out with an array of every counter, keyed by name: null where the
 * counter is unavailable, an int when divisor is 1, else the value divided by
 * divisor (a mean): an int for an exact counter whose value divisor divides,
 * a float otherwise.
 */
void bench_cost_to_array(zval *out, const bench_cost *cost, zend_long divisor);

#endif /* BENCH_SRC_COST_H */
