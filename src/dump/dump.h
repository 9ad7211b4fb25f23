/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_DUMP_H
#define BENCH_SRC_DUMP_H

#include "src/tree/tree.h"
#include "sink.h"

/** What bench.output_format selects; what bench knows of each is its row of bench_dump_formats (formats.h). */
typedef enum {
	BENCH_FORMAT_CALLGRIND = 0,
	BENCH_FORMAT_FOLDED,
	BENCH_FORMAT_JSON,
	BENCH_FORMAT_PPROF,
	BENCH_FORMAT_TRACE,
	BENCH_FORMAT_COUNT
} bench_format;

/** The bench.output_format value that selects format. */
const char *bench_dump_format_name(bench_format format);

/**
 * Writes the request's profile to bench.output_dir in bench.output_format
 * (named once written whole; mode 0600): on the writer thread, or here
 * with the report on stderr when bench.report is on. A profile that cannot be
 * written is counted, and the first failure of each kind in a process is a
 * warning (from a request: the writer thread cannot raise one).
 */
void bench_dump_profile(bench_profile_state *p);

/** The profile as a PHP array: totals, overhead, functions (by name) and edges (bench_stop()). */
void bench_dump_array(bench_profile_state *p, zval *out);

/**
 * Profiles written, dropped, and sampled requests left unwritten for want of
 * samples, by this process; and those of ended processes that it found lost
 * (bench_info()).
 */
void bench_dump_stats(zend_long *written, zend_long *dropped, zend_long *empty, zend_long *lost);

/**
 * The request owes a profile (one has started): the output directory's
 * ledger counts it until it is settled, so that one lost with its process is
 * found, counted and said by the next process to write there.
 */
void bench_dump_owe(void);

/** The request's profile is settled: handed to the writer, written, dropped, found empty or returned. */
void bench_dump_settle(void);

/**
 * Counts a profile that could not start (no memory, no sampling thread) as
 * dropped, and says why once per process; why is NULL where the caller said it.
 */
void bench_dump_count_dropped(const char *why);

/** Counts a sampled request that got no sample (and so no file). */
void bench_dump_count_empty(void);

/** Writes what is queued, stops the writer, frees what the process kept for writing profiles. */
void bench_dump_mshutdown(void);

/** Frees what this thread kept for writing profiles (a thread-safe PHP writes in the request's thread): the thread ends. */
void bench_dump_thread_free(void);

#endif /* BENCH_SRC_DUMP_H */
