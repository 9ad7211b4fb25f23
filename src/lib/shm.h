/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_LIB_SHM_H
#define BENCH_LIB_SHM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** What a file in /dev/shm says of the directory it is for, to tell a stale file from its own. */
typedef struct {
	/** when the machine booted (CLOCK_REALTIME less CLOCK_MONOTONIC) */
	int64_t booted_ns;
	/** when the directory was made, where the file system says (statx) */
	int64_t born_ns;
} bench_shm_stamp;

/**
 * Maps size bytes of the file that the processes writing to dir share, named
 * kind, in this user's directory in /dev/shm; NULL when it cannot be. *fd
 * gets its descriptor (for flock()). A new file reads as zeros.
 */
void *bench_shm_map(const char *kind, const char *dir, size_t size, int *fd);

void bench_shm_unmap(void *map, size_t size, int fd);

/**
 * Whether stamp is of another boot or of an earlier directory with the same
 * inode (or zeros: a new file); then it is stamped anew.
 */
bool bench_shm_restamp(bench_shm_stamp *stamp, const char *dir);

#endif
