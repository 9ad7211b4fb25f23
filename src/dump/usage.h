/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_DUMP_USAGE_H
#define BENCH_DUMP_USAGE_H

#include <stdint.h>

/** What the bench files in dir weigh, for bench.output_max_mb (any thread). */
uint64_t bench_usage_bytes(const char *dir);

/** Adds a profile this process wrote to dir. */
void bench_usage_wrote(const char *dir, uint64_t bytes);

/** Around fork(): its lock is held across it, and the child's is made anew. */
void bench_usage_fork_prepare(void);
void bench_usage_fork_parent(void);
void bench_usage_fork_child(void);

void bench_usage_mshutdown(void);

#endif
