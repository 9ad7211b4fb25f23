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
 * bench_measure()'s metrics. X(ID, "name") per counter.
 */
#define BENCH_COUNTERS(X) \
	X(WALL_NS,        "wall_ns") \
	X(CPU_NS,         "cpu_ns") \
	X(INSTRUCTIONS,   "instructions") \
	X(CYCLES,         "cycles") \
	X(ALLOCS,         "allocs") \
	X(ALLOC_BYTES,    "alloc_bytes") \
	X(FREES,          "frees") \
	X(FREED_BYTES,    "freed_bytes") \
	X(OPS,            "ops") \
	X(RETAINED_BYTES, "retained_bytes")

/*
 * Counters of profile mode with bench.track_live=1 only (src/alloc/live.h),
 * after the cost vector: levels a profile's end takes, not read at an
 * instant. bench_measure() and bench_counters() have none of them, and a
 * profile without live tracking writes none.
 */
#define BENCH_LIVE_COUNTERS(X) \
	X(LIVE_ALLOCS,    "live_allocs") \
	X(LIVE_BYTES,     "live_bytes") \
	X(CLEANUP_ALLOCS, "cleanup_allocs") \
	X(CLEANUP_BYTES,  "cleanup_bytes") \
	X(GC_ALLOCS,      "gc_allocs") \
	X(GC_BYTES,       "gc_bytes") \
	X(PEAK_BYTES,     "peak_bytes")

typedef enum {
#define BENCH_COUNTER_ENUM(id, name) BENCH_COUNTER_##id,
	BENCH_COUNTERS(BENCH_COUNTER_ENUM)
	BENCH_LIVE_COUNTERS(BENCH_COUNTER_ENUM)
#undef BENCH_COUNTER_ENUM
	BENCH_COUNTER_COUNT
} bench_counter;

/** The counters of the cost vector: those before the live ones. */
#define BENCH_COUNTER_VECTOR_COUNT BENCH_COUNTER_LIVE_ALLOCS

/** Whether counter c is one of bench.track_live's (BENCH_LIVE_COUNTERS). */
#define BENCH_COUNTER_IS_LIVE(c) ((c) >= BENCH_COUNTER_VECTOR_COUNT)

/** The counters read at one instant, or the difference of two such reads. */
typedef struct {
	/** one value per bench_counter; meaningless where the counter is unavailable */
	int64_t value[BENCH_COUNTER_COUNT];
} bench_cost;

/** Names of the counters, indexed by bench_counter. */
extern const char *const bench_counter_names[BENCH_COUNTER_COUNT];

/** Interns the counter names used as array keys. */
void bench_cost_minit(void);

/** Opens the hardware counters once per process (again after a fork). */
void bench_cost_rinit(void);

/** Releases per-process resources (hardware counter descriptors). */
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

/** Whether profile mode attributes counter c to functions (see bench_cost_read_fast()). */
bool bench_cost_attributed(bench_counter c);

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
 * Whether counter c repeats exactly from run to run of the same code
 * (allocations, bytes, opcodes), unlike clocks and hardware counters.
 */
bool bench_cost_exact(bench_counter c);

/**
 * Fills out with an array of every counter, keyed by name: null where the
 * counter is unavailable, an int when divisor is 1, else the value divided by
 * divisor (a mean): an int for an exact counter whose value divisor divides,
 * a float otherwise.
 */
void bench_cost_to_array(zval *out, const bench_cost *cost, zend_long divisor);

#endif /* BENCH_SRC_COST_H */
