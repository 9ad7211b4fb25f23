/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_DUMP_WRITER_H
#define BENCH_SRC_DUMP_WRITER_H

#include "dump.h"
#include "sink.h"

/** How a profile is written: taken in its request (per-directory settings), used by whichever thread writes it. */
typedef struct {
	bench_format format;
	/** bench.compress, auto resolved for the format */
	bench_compress compress;
	/** what the bench files in dir may weigh, 0: no cap */
	uint64_t max_bytes;
	/** bench.folded_lines */
	bool folded_lines;
	/** bench.output_max_mb is invalid: the profile is dropped */
	bool max_invalid;
	/** bench.output_dir leaves no room for a file's name in a path: the profile is dropped */
	bool dir_too_long;
	char dir[MAXPATHLEN];
} bench_dump_settings;

/** bench.output_dir, or the system's temporary directory. */
const char *bench_dump_dir(void);

/** The compression a profile in format gets: compress, or for auto the one its viewers read. */
bench_compress bench_dump_compression(bench_format format, bench_compress compress);

/** The settings of this request. */
void bench_dump_take_settings(bench_dump_settings *settings);

/**
 * Writes a finished profile (in this thread): true once it is on disk, with
 * its path and size in sink. A failure is counted, and said by the request
 * thread (bench_writer_say_failures()).
 */
bool bench_dump_write(bench_profile_state *p, const bench_dump_settings *settings, bench_sink *sink);

/**
 * Hands the profile's call tree to the writer thread (started on first use,
 * and again in a forked child); p keeps empty arrays. A full queue drops the
 * profile, counted and warned once.
 */
void bench_writer_enqueue(bench_profile_state *p, const bench_dump_settings *settings);

/** Warns, once per kind and process, of failures that the writer thread met. */
void bench_writer_say_failures(void);

/** Writes what is queued and stops the writer thread (MSHUTDOWN). */
void bench_writer_mshutdown(void);

#endif /* BENCH_SRC_DUMP_WRITER_H */
