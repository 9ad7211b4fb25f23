/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_DUMP_H
#define BENCH_SRC_DUMP_H

#include "src/profile/profile_private.h"

/** What bench.output_format selects. */
typedef enum {
	BENCH_FORMAT_CALLGRIND = 0,
	BENCH_FORMAT_FOLDED,
	BENCH_FORMAT_JSON,
	BENCH_FORMAT_PPROF,
} bench_format;

/** What bench.compress selects. */
typedef enum {
	BENCH_COMPRESS_NONE = 0,
	BENCH_COMPRESS_ZSTD,
} bench_compress;

/**
 * Writes the request's profile to bench.output_dir in bench.output_format
 * (a temporary name, then a rename; mode 0600), and the report on stderr when
 * bench.report is on. A profile that cannot be written is counted, and the
 * first failure of a process is a warning.
 */
void bench_dump_profile(bench_profile_state *p);

/** The profile as a PHP array: totals, overhead, functions (by name) and edges (bench_stop()). */
void bench_dump_array(bench_profile_state *p, zval *out);

/** Frees what the process kept for writing profiles. */
void bench_dump_mshutdown(void);

#endif /* BENCH_SRC_DUMP_H */
