/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_LIB_CLOCK_H
#define BENCH_SRC_LIB_CLOCK_H

#include <stdint.h>
#include <time.h>

/* A clock in nanoseconds (for the sampler, the ticker and the output count). */
static inline int64_t bench_clock_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

#endif
