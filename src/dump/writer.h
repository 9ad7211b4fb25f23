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

/** A merged profile's description (bin/bench's merge): views.h. */
typedef struct bench_dump_merge bench_dump_merge;

/**
 * How a profile is written, and what writing it reads of its request: taken
 * by the request thread when it hands the profile over, used by whichever
 * thread writes it. The writer thread reads no INI setting and no module
 * global: a thread-safe PHP keeps those per request thread, where the writer
 * cannot read them, and without threads the next request may change them
 * (per-directory settings) while the writer formats.
 */
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
	/** bench.sample_interval_us */
	zend_long sample_interval_us;
	/** bench.sample_clock is cpu: time samples weigh CPU time, not wall time */
	bool sample_cpu;
	/** per counter, whether it has a value in the request (bench_cost_available()) */
	bool available[BENCH_COUNTER_COUNT];
	char dir[MAXPATHLEN];
	/** NULL for a request's profile; for profiles merged by bin/bench, what they are (src/dump/merge.c) */
	const bench_dump_merge *merge;
} bench_dump_settings;

/** bench.output_dir, or the system's temporary directory. */
const char *bench_dump_dir(void);

/** The compression a profile in format gets: compress, or for auto the one its viewers read. */
bench_compress bench_dump_compression(bench_format format, bench_compress compress);

/**
 * What a profile's views read of this request (sampling, which counters have
 * values), on its thread; not the output's settings (bench_dump_array()).
 */
void bench_dump_take_request(bench_dump_settings *s);

/** The settings of this request (on its thread). */
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
