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
#include <sys/stat.h>

/** What a file takes on disk: its blocks, not its apparent size. */
static inline uint64_t bench_usage_disk_bytes(const struct stat *st)
{
	return (uint64_t) st->st_blocks * 512;
}

/** What the bench files in dir take on disk, for bench.output_max_mb (any thread). */
uint64_t bench_usage_bytes(const char *dir);

/** Adds a profile this process wrote to dir (its bytes on disk). */
void bench_usage_wrote(const char *dir, uint64_t bytes);

/** Around fork(): its lock is held across it, and the child's is made anew. */
void bench_usage_fork_prepare(void);
void bench_usage_fork_parent(void);
void bench_usage_fork_child(void);

void bench_usage_mshutdown(void);

#endif
